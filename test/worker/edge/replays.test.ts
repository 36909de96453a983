// A finished match's replay is immutable: served with a long Cache-Control and a strong ETag,
// answered 304 to a matching If-None-Match, kept in the edge cache (a second request builds
// nothing), and limited per client address (an IPv6 /64 as one); while the match is in play it is
// refused as before, neither tagged nor cached.
import { runInDurableObject } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { Match } from '../../../worker/match/match';
import { BASE, createMatch, driveToEnd, refilledSince, stub } from '../helpers';

const PER_MINUTE = Number(env.REPLAYS_PER_MINUTE);
const DAY_S = 24 * 60 * 60;

let addresses = 0;
/** A replay request as some client (`ip`: its CF-Connecting-IP, a new one by default), with more headers. */
async function replay(id: string, headers: Record<string, string> = {}, ip = `replay-client-${++addresses}`, query = '') {
  const res = await exports.default.fetch(`${BASE}/api/matches/${id}/replay${query}`, { headers: { 'CF-Connecting-IP': ip, ...headers } });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

async function finished(): Promise<string> {
  const id = await createMatch({ players: 2, bots: { 0: 'random', 1: 'random' }, botDelayMs: 0 });
  await driveToEnd(id);
  return id;
}

/** The match can no longer build a replay (its action log is gone): whatever still comes was not built now. */
const unbuildable = (id: string) => runInDurableObject(stub(id), (_m, s) => { s.storage.sql.exec('DELETE FROM actions'); });

describe('a finished match\'s replay', () => {
  it('is refused untagged while the match is in play, then served immutable, with a strong ETag and a max-age that ends by its deletion', async () => {
    const id = await createMatch({ players: 2, bots: { 0: 'random', 1: 'random' }, botDelayMs: 0 });
    const early = await replay(id);
    expect(early.status).toBe(409);
    expect(JSON.parse(early.text)).toEqual({ error: { code: 'not-over', message: expect.any(String) } });
    expect(early.headers.get('ETag')).toBeNull();
    expect(early.headers.get('Cache-Control')).toBeNull();
    await driveToEnd(id);
    // The refusal was not cached: the replay comes.
    const r = await replay(id);
    expect(r.status).toBe(200);
    const version = JSON.parse(r.text).actions.length;
    expect(r.headers.get('ETag')).toBe(`"${id}.${version}"`);
    const control = r.headers.get('Cache-Control')!;
    expect(control).toMatch(/^public, max-age=\d+, immutable$/);
    // FINISHED_RETENTION_DAYS is 90: no cache keeps it past the match's deletion.
    const maxAge = Number(/max-age=(\d+)/.exec(control)![1]);
    expect(maxAge).toBeLessThanOrEqual(90 * DAY_S);
    expect(maxAge).toBeGreaterThan(90 * DAY_S - 60);
    expect(Date.parse(r.headers.get('Expires')!)).toBeGreaterThan(Date.now() + (90 * DAY_S - 60) * 1000);
  });

  it('answers 304 to a matching If-None-Match, the match building nothing', async () => {
    const id = await finished();
    const tag = (await replay(id)).headers.get('ETag')!;
    // The match itself, asked with the tag it gave: the tag, no replay.
    const held = await runInDurableObject(stub(id), (m: Match) => m.replay(tag));
    expect(held).toEqual({ ok: true, tag, until: expect.any(Number) });
    for (const ifNoneMatch of [tag, `W/${tag}`, `"other", ${tag}`, '*']) {
      const r = await replay(id, { 'If-None-Match': ifNoneMatch });
      expect(r.status).toBe(304);
      expect(r.text).toBe('');
      expect(r.headers.get('ETag')).toBe(tag);
      expect(r.headers.get('Cache-Control')).toMatch(/^public, max-age=\d+, immutable$/);
    }
    expect((await replay(id, { 'If-None-Match': '"someone-else.3"' })).status).toBe(200);
  });

  it('is kept in the edge cache: later requests, whatever their query, are served without the match', async () => {
    const id = await finished();
    const first = await replay(id);
    const tag = first.headers.get('ETag')!;
    // Put in the cache after the answer (waitUntil), under the replay's URL.
    const edge = (caches as unknown as { default: Cache }).default;
    await expect.poll(async () => (await edge.match(`${BASE}/api/matches/${id}/replay`)) !== undefined).toBe(true);
    await unbuildable(id);
    expect((await replay(id, {}, undefined, '?again=1')).text).toBe(first.text);
    const again = await replay(id);
    expect(again.text).toBe(first.text);
    expect(again.status).toBe(200);
    expect(again.headers.get('ETag')).toBe(tag);
    expect(again.headers.get('Cache-Control')).toMatch(/^public, max-age=\d+, immutable$/);
    expect((await replay(id, { 'If-None-Match': tag })).status).toBe(304);
  });
});

type Answer = Awaited<ReturnType<typeof replay>>;

/**
 * Requests until one is refused, each one let through counted in `allowed`. The bucket refills one
 * every 60 / PER_MINUTE s: on a busy machine the first PER_MINUTE can take longer than that, and
 * what refilled since `start` may be spent too, but not one more.
 */
async function untilRefused(send: () => Promise<Answer>, start: number, allowed: { n: number }): Promise<Answer> {
  for (;;) {
    const r = await send();
    if (r.status !== 200 && r.status !== 304) return r;
    allowed.n++;
    expect(allowed.n).toBeLessThanOrEqual(PER_MINUTE + refilledSince(start, PER_MINUTE));
  }
}

describe('replays per client address', () => {
  it(`serves ${PER_MINUTE} a minute to one address, then 429 rate-limited with Retry-After; others go on`, async () => {
    expect(PER_MINUTE).toBe(30);
    const id = await finished();
    const ip = '203.0.113.50';
    const start = Date.now();
    const allowed = { n: 0 };
    const over = await untilRefused(() => replay(id, {}, ip), start, allowed);
    expect(allowed.n).toBeGreaterThanOrEqual(PER_MINUTE);
    expect(over.status).toBe(429);
    expect(JSON.parse(over.text)).toEqual({ error: { code: 'rate-limited', message: expect.stringMatching(/replays/) } });
    expect(Number(over.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    // A conditional request is a request too: the limit is the address's, whatever it asks.
    expect((await untilRefused(() => replay(id, { 'If-None-Match': '*' }, ip), start, allowed)).status).toBe(429);
    expect((await replay(id, {}, '203.0.113.51')).status).toBe(200);
  });

  it('counts an IPv6 /64 as one address', async () => {
    const id = await finished();
    const start = Date.now();
    const allowed = { n: 0 };
    let host = 0;
    const over = await untilRefused(() => replay(id, {}, `2001:db8:77:1::${(++host).toString(16)}`), start, allowed);
    expect(allowed.n).toBeGreaterThanOrEqual(PER_MINUTE);
    expect(over.status).toBe(429);
    expect((await replay(id, {}, '2001:db8:77:2::1')).status).toBe(200);
  });
});
