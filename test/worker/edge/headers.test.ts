// Every response the Worker makes, API answers and the pages it hands to the assets binding,
// carries the security headers of worker/edge/middleware/security-headers.ts: a CSP with no eval and no inline script
// but index.html's one, by its hash,
// no framing, nosniff, and no Referer (a match link is a capability). In production the pages come
// straight from the assets with web/public/_headers, the same policy (test/engine/headers-file.test.ts).
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { EARLY_SCRIPT_HASH } from '../../../worker/edge/middleware/security-headers';
import { BASE, createMatch } from '../helpers';

function expectSecure(h: Headers) {
  const csp = Object.fromEntries((h.get('Content-Security-Policy') ?? '').split(/;\s*/).map((d) => {
    const [name, ...values] = d.split(' ');
    return [name, values.join(' ')];
  }));
  expect(csp).toMatchObject({
    'default-src': "'self'",
    'script-src': `'self' ${EARLY_SCRIPT_HASH}`,
    'style-src': "'self'",
    'img-src': "'self' data:",
    'connect-src': "'self'",
    'frame-ancestors': "'none'",
    'object-src': "'none'",
    'base-uri': "'none'",
  });
  expect(Object.values(csp).join(' ')).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  expect(h.get('X-Content-Type-Options')).toBe('nosniff');
  expect(h.get('Referrer-Policy')).toBe('no-referrer');
  expect(h.get('X-Frame-Options')).toBe('DENY');
}

const get = (path: string, init?: RequestInit) => exports.default.fetch(`${BASE}${path}`, init);

describe('security headers', () => {
  it('are on the client page, and a match link gets the same page (SPA fallback)', async () => {
    const home = await get('/');
    const match = await get('/m/abcdefghij');
    expectSecure(home.headers);
    expectSecure(match.headers);
    // Built client or not (web/dist may be empty in a fresh clone), /m/<id> is what / is.
    expect(match.status).toBe(home.status);
    expect(await match.text()).toBe(await home.text());
  });

  it('are on API answers: JSON, errors, refusals', async () => {
    for (const res of [
      await get('/api/health'),
      await get('/api/matches'),
      await get('/api/matches/AAAAAAAAAA'),
      await get('/api/nope'),
      await get('/api/matches', { method: 'POST', body: '{}', headers: { 'Content-Type': 'text/plain' } }),
      await get('/api/matches', { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' } }),
    ]) {
      expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
      expectSecure(res.headers);
    }
  });

  it('are on the socket route\'s answers from the match object, and the upgrade still works', async () => {
    const id = await createMatch({ players: 2 });
    const noUpgrade = await get(`/api/matches/${id}/ws`);
    expect(noUpgrade.status).toBe(426);
    expectSecure(noUpgrade.headers);
    const ws = await get(`/api/matches/${id}/ws`, { headers: { Upgrade: 'websocket' } });
    expect(ws.status).toBe(101);
    ws.webSocket!.accept();
    ws.webSocket!.close(1000, 'done');
  });
});
