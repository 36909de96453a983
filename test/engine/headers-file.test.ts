// The pages are served straight from the assets with web/public/_headers; the Worker's answers
// carry worker/edge/middleware/headers.ts's. They must be the same policy: this reads both and compares.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { EARLY_SCRIPT_HASH, pageHeaders } from '../../worker/edge/middleware/security-headers';

/** The headers of the `/*` rule in a Cloudflare `_headers` file. */
function headersFile(path: string): Record<string, string> {
  const lines = readFileSync(path, 'utf8').split('\n');
  const start = lines.indexOf('/*');
  expect(start, 'a /* rule').toBeGreaterThanOrEqual(0);
  const out: Record<string, string> = {};
  for (const line of lines.slice(start + 1)) {
    if (!/^\s+\S/.test(line)) break;
    const i = line.indexOf(':');
    out[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return out;
}

describe('the static pages\' headers', () => {
  it('are the Worker\'s own: CSP, framing, sniffing, referrer and HSTS', async () => {
    const app = new Hono().use(pageHeaders).get('/', (c) => c.text('ok'));
    const res = await app.request('http://darkmoor.test/');
    const file = headersFile('web/public/_headers');
    const names = ['content-security-policy', 'x-frame-options', 'referrer-policy', 'x-content-type-options', 'strict-transport-security'];
    expect(Object.keys(file).sort()).toEqual([...names].sort());
    for (const name of names) expect(file[name], name).toBe(res.headers.get(name));
    expect(file['content-security-policy']).toContain(`script-src 'self' ${EARLY_SCRIPT_HASH};`);
    expect(file['content-security-policy']).toMatch(/frame-ancestors 'none'/);
  });

  it('allow the one inline script of index.html by its hash, and no other', () => {
    const html = readFileSync('web/index.html', 'utf8');
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    const hash = `'sha256-${createHash('sha256').update(inline[0]!).digest('base64')}'`;
    expect(hash, 'EARLY_SCRIPT_HASH in worker/edge/middleware/security-headers.ts and web/public/_headers').toBe(EARLY_SCRIPT_HASH);
  });
});
