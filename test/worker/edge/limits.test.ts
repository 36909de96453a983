// The server's limits, each with a clear refusal: matches created per minute
// per client address (HTTP 429 rate-limited), spectators per match (error
// `full`, close 4009; this project runs with a cap of 5, vitest.config.ts),
// and messages per connection (error rate-limited; a seat's socket stays open).
// Spectators' own limits are in spectators.test.ts.
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { SEAT_SOCKETS } from '../../../worker/shared/limits';
import { clientKey } from '../../../worker/shared/address';
import { call, connect, createMatch, eventually, join, refilledSince } from '../helpers';

const PER_MINUTE = Number(env.MATCHES_PER_MINUTE);
// Bots alone: a match nobody joins, so the cap of unstarted private matches (fair-play tests) is not what is met.
const body = { players: 2, bots: { 0: 'random', 1: 'random' } };

describe('matches created per minute, per client address', () => {
  it(`creates ${PER_MINUTE} a minute from one address, then answers 429 rate-limited; other addresses go on`, async () => {
    expect(PER_MINUTE).toBe(30);
    const ip = '198.51.100.7';
    // All at once, ten more than the bucket holds. The bucket refills one every 2 s: on a busy machine
    // making them can take that long, and a refill then rightly lets one more through.
    const t0 = Date.now();
    const all = await Promise.all(Array.from({ length: PER_MINUTE + 10 }, () => call('POST', '/api/matches', body, ip)));
    const refills = refilledSince(t0, PER_MINUTE);
    const made = all.filter((r) => r.status === 201).length;
    expect(made).toBeGreaterThanOrEqual(PER_MINUTE);
    expect(made).toBeLessThanOrEqual(PER_MINUTE + refills);
    const over = all.find((r) => r.status !== 201)!;
    expect(over.status).toBe(429);
    expect(over.json).toEqual({ error: { code: 'rate-limited', message: expect.stringMatching(/Too many new matches/) } });
    expect(Number(over.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    expect((await call('POST', '/api/matches', body, '198.51.100.8')).status).toBe(201);
  });

  it('spends nothing on a refused body, and counts an IPv6 /64 as one address', async () => {
    for (let i = 0; i < PER_MINUTE + 5; i++) expect((await call('POST', '/api/matches', { players: 9 }, '198.51.100.9')).status).toBe(400);
    expect((await call('POST', '/api/matches', body, '198.51.100.9')).status).toBe(201);
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe(clientKey('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
    expect(clientKey(null)).toBe('local');
  });
});

describe('spectators per match', () => {
  it('refuses the spectator past the cap with `full` and close code 4009; seats still connect', async () => {
    const cap = Number(env.SPECTATORS_PER_MATCH);
    expect(cap).toBe(5);
    const id = await createMatch({ players: 2 });
    const watchers = await Promise.all(Array.from({ length: cap }, () => connect(id)));
    for (const w of watchers) await w.take('state');
    const late = await connect(id);
    expect(await late.take('error')).toMatchObject({ type: 'error', code: 'full', message: expect.stringMatching(/spectators/) });
    await expect(late.take('state', 500)).rejects.toThrow();
    expect(late.closed?.code).toBe(4009);
    expect((await call('GET', `/api/matches/${id}`)).json.spectators).toBe(cap);
    const a = await join(id, 'Ann');
    const ann = await connect(id, a.token);
    expect((await ann.take('state')).view.you).toBe(0);
    // One leaves: there is room again.
    watchers[0]!.close();
    await eventually(async () => expect((await call('GET', `/api/matches/${id}`)).json.spectators).toBeLessThan(cap));
    const next = await connect(id);
    expect((await next.take('state')).view.you).toBeNull();
    for (const s of [...watchers, ann, next]) s.close();
  });
});

describe('sockets per seat', () => {
  it(`takes ${SEAT_SOCKETS} sockets on one seat, refuses the next with \`full\` and close 4009, and takes one again after a close`, async () => {
    const id = await createMatch({ players: 2 });
    const a = await join(id, 'Ann');
    const tabs = [];
    for (let i = 0; i < SEAT_SOCKETS; i++) {
      const s = await connect(id, a.token);
      expect((await s.take('state')).view.you).toBe(0);
      tabs.push(s);
    }
    const extra = await connect(id, a.token);
    expect(await extra.take('error')).toMatchObject({ code: 'full', message: expect.stringMatching(/connections open/) });
    await eventually(() => expect(extra.closed?.code).toBe(4009));
    // Spectators are not counted against a seat.
    const spy = await connect(id);
    expect((await spy.take('state')).view.you).toBeNull();
    tabs[0]!.close();
    // Until the server has seen the close, a new tab is still one too many.
    const again = await eventually(async () => {
      const s = await connect(id, a.token);
      expect((await s.take()).type).toBe('state');
      return s;
    });
    for (const s of [...tabs, spy, again]) s.close();
  });
});

describe('messages per connection', () => {
  // A seat's socket: a spectator flooding like this is closed instead (test/worker/sockets/spectators.test.ts).
  it('limits one flooding seat socket without touching another on the same match', async () => {
    const id = await createMatch({ players: 2 });
    const a = await join(id, 'Ann');
    const flood = await connect(id, a.token);
    const calm = await connect(id);
    await flood.take('state');
    await calm.take('state');
    while (flood.pending) await flood.take(); // the view that tells her own tab she is online
    for (let i = 0; i < 80; i++) flood.send({ type: 'ping', n: i });
    const got = [];
    for (let i = 0; i < 80; i++) got.push(await flood.take());
    expect(got.some((m) => m.type === 'error' && m.code === 'rate-limited')).toBe(true);
    expect(flood.closed).toBeNull();
    await calm.expectQuiet();
    flood.close();
    calm.close();
  });
});
