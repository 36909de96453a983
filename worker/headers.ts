// The headers every response carries, pages and API answers alike: a Content-Security-Policy
// that runs only this site's own script files (no inline script, no eval), no framing, no
// sniffing, and no Referer: a match link is a capability (it seats whoever opens its join
// page), so it must not leak to any site a page links to.
import type { Context } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

// 'self' covers same-origin ws:/wss: under CSP level 3; older WebKit reads it as http(s) only,
// so the socket's own origin is named too.
const socketOrigin = (c: Context) => new URL(c.req.url).origin.replace(/^http/, 'ws');

export const pageHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // The built client has no inline <style> or style="" markup; Preact sets styles through the
    // CSSOM, which style-src does not govern.
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", socketOrigin],
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

/**
 * A response from the assets binding or a Durable Object has immutable headers; this copy can
 * take pageHeaders'. An upgrade keeps its socket.
 */
export const own = (res: Response): Response =>
  res.webSocket ? new Response(null, { status: res.status, statusText: res.statusText, headers: res.headers, webSocket: res.webSocket })
    : new Response(res.body, res);
