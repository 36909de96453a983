// The public list pushed to landing pages (GET /api/lobby/ws, worker/lobby/feed.ts): a page's
// socket hears the list at once, then every change of it within 2 s, without asking again.
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { LobbyMessage, MatchSummary } from '../../../shared/protocol';
import { BASE, call, createMatch, eventually, join } from '../helpers';

/** A landing page's socket: the lists it has heard, newest last. */
async function page(ip: string): Promise<{ heard: Extract<LobbyMessage, { type: 'list' }>[]; ws: WebSocket; at: number[] }> {
  const res = await exports.default.fetch(`${BASE}/api/lobby/ws`, { headers: { Upgrade: 'websocket', 'CF-Connecting-IP': ip } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const heard: Extract<LobbyMessage, { type: 'list' }>[] = [];
  const at: number[] = [];
  ws.addEventListener('message', (e) => {
    const m = JSON.parse(String(e.data)) as LobbyMessage;
    if (m.type === 'list') {
      heard.push(m);
      at.push(Date.now());
    }
  });
  ws.accept();
  return { heard, ws, at };
}

/** Wait (up to 2 s from `since`) until the page's latest list passes `check`; the time it took. */
async function within2s(p: Awaited<ReturnType<typeof page>>, since: number, check: (l: Extract<LobbyMessage, { type: 'list' }>) => boolean): Promise<number> {
  while (Date.now() - since < 2000) {
    const last = p.heard.at(-1);
    if (last && check(last)) return p.at.at(-1)! - since;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`not heard within 2 s; last list: ${JSON.stringify(p.heard.at(-1))}`);
}

const waitingIds = (l: { matches: MatchSummary[] }) => l.matches.map((m) => m.id);

describe('the lobby feed', () => {
  it('tells every open page of a new public match within 2 s, and again when it starts and ends', async () => {
    const [a, b] = await Promise.all([page('feed-a'), page('feed-b')]);
    await Promise.all([a, b].map((p) => within2s(p, Date.now(), () => true)));
    const since = Date.now();
    const id = await createMatch({ players: 2, public: true });
    await join(id, 'Ann');
    for (const p of [a, b]) expect(await within2s(p, since, (l) => waitingIds(l).includes(id))).toBeLessThan(2000);
    // Full: it leaves the waiting list and is live.
    const started = Date.now();
    await join(id, 'Bob');
    for (const p of [a, b]) await within2s(p, started, (l) => !waitingIds(l).includes(id) && l.live.some((m) => m.id === id));
    // What the socket says is what GET /api/matches says, once the socket has heard the list's
    // latest change: live matches are listed by their last activity, and other files' bot matches
    // may still be playing in this workerd, so the order can change between a push and a poll.
    await eventually(async () => {
      const polled = (await call('GET', '/api/matches')).json;
      expect(b.heard.at(-1)!.live.map((m) => m.id)).toEqual(polled.live.map((m: { id: string }) => m.id));
    });
    for (const p of [a, b]) p.ws.close(1000, 'done');
  });

  it('refuses a fifth page from one address with a reason, and a plain GET', async () => {
    const open = await Promise.all([1, 2, 3, 4].map(() => page('feed-tabs')));
    const res = await exports.default.fetch(`${BASE}/api/lobby/ws`, { headers: { Upgrade: 'websocket', 'CF-Connecting-IP': 'feed-tabs' } });
    const ws = res.webSocket!;
    const said = new Promise<string>((done) => ws.addEventListener('message', (e) => done(String(e.data))));
    const closed = new Promise<number>((done) => ws.addEventListener('close', (e) => done(e.code)));
    ws.accept();
    expect(JSON.parse(await said)).toMatchObject({ type: 'error', code: 'full' });
    expect(await closed).toBe(4009);
    // Another address is not held back by it.
    const other = await page('feed-other');
    await within2s(other, Date.now(), () => true);
    const plain = await call('GET', '/api/lobby/ws');
    expect(plain.status).toBe(426);
    for (const p of [...open, other]) p.ws.close(1000, 'done');
  });

  it('refuses a page of another site', async () => {
    const res = await exports.default.fetch(`${BASE}/api/lobby/ws`, { headers: { Upgrade: 'websocket', Origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
  });
});
