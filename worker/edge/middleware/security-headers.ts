// The headers every response carries, pages and API answers alike (the static pages get them
// from web/public/_headers, kept equal by test/engine/headers-file.test.ts): a Content-Security-Policy
// that runs only this site's own script files and the one inline script of index.html, by its
// hash (the match socket opened before the files arrive; no other inline script, no eval), no framing, no
// sniffing, and no Referer: a match link is a capability (it seats whoever opens its join
// page), so it must not leak to any site a page links to.
import { secureHeaders } from 'hono/secure-headers';

/** The CSP hash of index.html's inline script (test/engine/headers-file.test.ts recomputes it). */
export const EARLY_SCRIPT_HASH = "'sha256-gdPLIvmash6FhvHuUXNzEEjOo35/IZfQqK8uaoNIOPA='";

export const pageHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", EARLY_SCRIPT_HASH],
    // The built client has no inline <style> or style="" markup; Preact sets styles through the
    // CSSOM, which style-src does not govern.
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:'],
    // 'self' covers same-origin ws:/wss: (CSP level 3: every browser since 2022).
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
  xFrameOptions: 'DENY',
  referrerPolicy: 'no-referrer',
  xContentTypeOptions: 'nosniff',
  // No includeSubDomains: the site may live on a domain whose other hosts are not ours.
  strictTransportSecurity: 'max-age=15552000',
});
