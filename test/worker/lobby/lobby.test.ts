// Every lobby route of PROTOCOL.md, its defaults and its errors.
import { runInDurableObject } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { MatchConfig } from '../../../worker/shared/config';
import { BASE, call, createMatch, join, noSuchMatch, stub } from '../helpers';

const config = (id: string) => runInDurableObject(stub(id), (_o, s) =>
  JSON.parse(s.storage.sql.exec<{ value: string }>(`SELECT value FROM meta WHERE key = 'config'`).one().value) as MatchConfig);

const expectError = (r: { status: number; json: any }, status: number, code: string) => {
  expect(r.status).toBe(status);
  expect(r.json).toEqual({ error: { code, message: expect.any(String) } });
};

describe('POST /api/matches', () => {
  it('creates a match with the documented defaults', async () => {
    const r = await call('POST', '/api/matches', { players: 3 });
    expect(r.status).toBe(201);
    expect(r.json).toEqual({ id: expect.stringMatching(/^[0-9A-Za-z]{22}$/), url: `/m/${r.json.id}` });
    const c = await config(r.json.id);
    expect(c).toMatchObject({ players: 3, bots: {}, clock: null, public: false, botDelayMs: 800 });
    expect(c.locations).toBeUndefined();
    expect(c.seed).toMatch(/^[0-9a-f]{64}$/); // 256 random bits (seed.test.ts)
    expect(c.seeded).toBe(false);
  });

  it('keeps the options it is given', async () => {
    const id = await createMatch({
      players: 4, bots: { 1: 'random', 3: 'search' }, locations: 'choose', clock: 60, public: false, botDelayMs: 0,
    });
    expect(await config(id)).toMatchObject({
      players: 4, bots: { 1: 'random', 3: 'search' }, locations: 'choose', clock: 60, public: false, botDelayMs: 0,
    });
    // Public: the documented pace and stand-in (fair-play.test.ts), every other option kept.
    expect(await config(await createMatch({ players: 3, bots: { 1: 'greedy' }, locations: 'choose', clock: 60, public: true, watch: false })))
      .toMatchObject({ players: 3, bots: { 1: 'greedy' }, locations: 'choose', clock: 60, public: true, watch: false, botDelayMs: 800 });
    // A chosen seed is for private matches only (seed.test.ts).
    expect(await config(await createMatch({ players: 2, seed: -7 }))).toMatchObject({ seed: -7, seeded: true, public: false });
    const ids = await call('POST', '/api/matches', {
      players: 2, locations: ['sunken-crypt', 'thornwood-thicket', 'hollow-throne'], clock: null,
    });
    expect(ids.status).toBe(201);
  });

  it('gives fresh ids', async () => {
    const a = await createMatch({ players: 2 });
    const b = await createMatch({ players: 2 });
    expect(a).not.toBe(b);
  });

  it.each([
    ['players missing', {}],
    ['1 player', { players: 1 }],
    ['5 players', { players: 5 }],
    ['players not an integer', { players: 2.5 }],
    ['a bot on a seat the match lacks', { players: 2, bots: { 2: 'random' } }],
    ['a bot seat that is no number', { players: 2, bots: { x: 'random' } }],
    ['an unknown bot level', { players: 2, bots: { 1: 'genius' } }],
    ['bots as a list instead of seat to level', { players: 2, bots: ['random'] }],
    ['too few locations', { players: 2, locations: ['sunken-crypt', 'hollow-throne'] }],
    ['an unknown location', { players: 2, locations: ['sunken-crypt', 'hollow-throne', 'narnia'] }],
    ['a location twice', { players: 2, locations: ['sunken-crypt', 'sunken-crypt', 'hollow-throne'] }],
    ['both sides of one location card', { players: 2, locations: ['teeming-warrens', 'whispering-caves', 'gallows-hill'] }],
    ['locations as another word', { players: 2, locations: 'random' }],
    ['a clock under 10 s', { players: 2, clock: 9 }],
    ['a clock over 3600 s', { players: 2, clock: 3601 }],
    ['a seed that is no integer', { players: 2, seed: 1.5 }],
    ['a seed as a string', { players: 2, seed: '42' }],
    ['public as a string', { players: 2, public: 'yes' }],
    ['a bot delay over 5000 ms', { players: 2, botDelayMs: 5001 }],
    ['a negative bot delay', { players: 2, botDelayMs: -1 }],
    ['a body that is an array', [2]],
  ])('refuses %s with 400 bad-request', async (_what, body) => {
    expectError(await call('POST', '/api/matches', body), 400, 'bad-request');
  });

  it('refuses malformed JSON with 400 bad-json', async () => {
    expectError(await call('POST', '/api/matches', '{"players": 2'), 400, 'bad-json');
    expectError(await call('POST', '/api/matches', ''), 400, 'bad-json');
  });

  it('refuses a body over 4 KiB with 413 too-large, and takes one of exactly 4 KiB', async () => {
    const pad = (n: number) => JSON.stringify({ players: 2, pad: 'x'.repeat(n) });
    const exact = pad(4096 - pad(0).length);
    expect(new TextEncoder().encode(exact).length).toBe(4096);
    expect((await call('POST', '/api/matches', exact)).status).toBe(201);
    expectError(await call('POST', '/api/matches', pad(4097 - pad(0).length)), 413, 'too-large');
  });
});

describe('POST /api/matches/:id/join', () => {
  it('seats players in order, then refuses with 409 full', async () => {
    const id = await createMatch({ players: 2 });
    const a = await join(id, 'Ann');
    const b = await join(id, 'Bo');
    expect([a.seat, b.seat]).toEqual([0, 1]);
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(a.token).not.toBe(b.token);
    expectError(await call('POST', `/api/matches/${id}/join`, { name: 'Cy' }), 409, 'full');
  });

  it('takes the seat asked for, and refuses a taken one', async () => {
    const id = await createMatch({ players: 3, bots: { 0: 'random' } });
    expect((await join(id, 'Ann', 2)).seat).toBe(2);
    expectError(await call('POST', `/api/matches/${id}/join`, { name: 'Bo', seat: 2 }), 409, 'full');
    expectError(await call('POST', `/api/matches/${id}/join`, { name: 'Bo', seat: 0 }), 409, 'full');
    expectError(await call('POST', `/api/matches/${id}/join`, { name: 'Bo', seat: 3 }), 400, 'bad-request');
    expect((await join(id, 'Bo')).seat).toBe(1);
  });

  it('trims names and counts code points, refusing rather than cutting', async () => {
    const id = await createMatch({ players: 4 });
    const emoji = '🂡'.repeat(24);
    expect((await call('POST', `/api/matches/${id}/join`, { name: `  ${emoji}  ` })).status).toBe(200);
    for (const name of ['', '   ', '🂡'.repeat(25), 'x'.repeat(25)]) {
      expectError(await call('POST', `/api/matches/${id}/join`, { name }), 400, 'bad-request');
    }
    expectError(await call('POST', `/api/matches/${id}/join`, {}), 400, 'bad-request');
    expectError(await call('POST', `/api/matches/${id}/join`, 'nope'), 400, 'bad-json');
    const s = await call('GET', `/api/matches/${id}`);
    expect(s.json.seats[0].name).toBe(emoji);
    expect(s.json.seats.filter((x: { kind: string }) => x.kind === 'open')).toHaveLength(3);
  });

  it('drops invisible characters that would disturb the text around a name (controls, bidi overrides)', async () => {
    const id = await createMatch({ players: 4 });
    // A right-to-left override would turn "Bea plays Dire Bear" around in every log line.
    expect((await call('POST', `/api/matches/${id}/join`, { name: '\u202EBea\n\t' })).status).toBe(200);
    expect((await call('POST', `/api/matches/${id}/join`, { name: 'Zoë \u{1F468}\u200D\u{1F469}' })).status).toBe(200);
    // Nothing visible left: refused as an empty name (zero-width spaces, fillers drawn blank, joiners alone too).
    for (const name of ['\u2066\u202E\u0000', '\u200B\u200B', '\u2060\u00AD\u034F', '\u3164\u2800', '\u200D']) {
      const r = await call('POST', `/api/matches/${id}/join`, { name });
      expectError(r, 400, 'bad-request');
      expect(r.json.error.message).toMatch(/visible character/);
    }
    const seats = (await call('GET', `/api/matches/${id}`)).json.seats;
    expect(seats[0].name).toBe('Bea');
    expect(seats[1].name).toBe('Zoë \u{1F468}\u200D\u{1F469}'); // a joined emoji keeps its joiner
  });

  it('answers 404 not-found for an unknown match', async () => {
    expectError(await call('POST', '/api/matches/AAAAAAAAAA/join', { name: 'Ann' }), 404, 'not-found');
    expectError(await call('POST', '/api/matches/not-an-id/join', { name: 'Ann' }), 404, 'not-found');
  });
});

describe('GET /api/matches/:id', () => {
  it('summarises seats and status as the match goes from waiting to playing', async () => {
    const id = await createMatch({ players: 2, bots: { 1: 'greedy' } });
    const before = await call('GET', `/api/matches/${id}`);
    expect(before.status).toBe(200);
    expect(before.json).toEqual({
      id, players: 2, status: 'waiting', spectators: 0,
      seats: [
        { seat: 0, name: '', kind: 'open', connected: false },
        { seat: 1, name: expect.any(String), kind: 'bot', connected: true },
      ],
      rules: { clock: null, idleMs: 300_000, awayMs: 30_000, takeover: 'greedy', botDelayMs: 800 },
    });
    await join(id, 'Ann');
    const after = await call('GET', `/api/matches/${id}`);
    expect(after.json.status).toBe('playing');
    expect(after.json.seats[0]).toEqual({ seat: 0, name: 'Ann', kind: 'human', connected: false });
  });

  it('answers 404 not-found for an unknown match', async () => {
    expectError(await call('GET', '/api/matches/ZZZZZZZZZZ'), 404, 'not-found');
    expectError(await call('GET', '/api/matches/x'), 404, 'not-found');
  });
});

describe('GET /api/matches', () => {
  it('lists public matches while they wait for players, and only them', async () => {
    const pub = await createMatch({ players: 2, public: true });
    const priv = await createMatch({ players: 2 });
    const ids = async () => ((await call('GET', '/api/matches')).json.matches as { id: string }[]).map((m) => m.id);
    let listed = await ids();
    expect(listed).toContain(pub);
    expect(listed).not.toContain(priv);
    const entry = (await call('GET', '/api/matches')).json.matches.find((m: { id: string }) => m.id === pub);
    expect(entry).toEqual((await call('GET', `/api/matches/${pub}`)).json);
    await join(pub, 'Ann');
    expect(await ids()).toContain(pub);
    await join(pub, 'Bo');
    listed = await ids();
    expect(listed).not.toContain(pub);
  });

  it('never lists a match that bots filled at once (bots alone are never public: fair-play.test.ts)', async () => {
    const id = await createMatch({ players: 2, bots: { 0: 'random', 1: 'random' }, botDelayMs: 5000 });
    const list = (await call('GET', '/api/matches')).json;
    expect([...list.matches, ...list.live].map((m: { id: string }) => m.id)).not.toContain(id);
  });
});

describe('rematch and replay', () => {
  it('refuses replay (409 not-over) and rematch (403 bad-token, 409 not-over) before the end', async () => {
    const id = await createMatch({ players: 2, bots: { 1: 'random' } });
    const a = await join(id, 'Ann');
    expectError(await call('GET', `/api/matches/${id}/replay`), 409, 'not-over');
    expectError(await call('POST', `/api/matches/${id}/rematch`, { token: 'forged' }), 403, 'bad-token');
    expectError(await call('POST', `/api/matches/${id}/rematch`, { token: a.token }), 409, 'not-over');
    expectError(await call('POST', `/api/matches/${id}/rematch`, {}), 400, 'bad-request');
    expectError(await call('GET', '/api/matches/QQQQQQQQQQ/replay'), 404, 'not-found');
    expectError(await call('POST', '/api/matches/QQQQQQQQQQ/rematch', { token: a.token }), 404, 'not-found');
  });
});

describe('other routes', () => {
  it('answers unknown API routes with 404 not-found', async () => {
    expectError(await call('GET', '/api/nope'), 404, 'not-found');
    expectError(await call('DELETE', '/api/matches'), 404, 'not-found');
  });

  it('refuses the socket route without an upgrade (426), and an unknown match (404; an upgrade closed with 4004)', async () => {
    const id = await createMatch({ players: 2 });
    expect((await call('GET', `/api/matches/${id}/ws`)).status).toBe(426);
    expectError(await call('GET', `/api/matches/WWWWWWWWWW/ws`), 404, 'not-found');
    // Well-formed and unknown, and malformed (which reaches no object): the same for a browser.
    for (const other of ['WWWWWWWWWW', 'not-an-id', 'x'.repeat(64)]) {
      expectError(await call('GET', `/api/matches/${other}/ws`), 404, 'not-found');
      const res = await exports.default.fetch(`${BASE}/api/matches/${other}/ws`, { headers: { Upgrade: 'websocket' } });
      expect(await noSuchMatch(res), other).toEqual({
        status: 101, messages: [{ type: 'error', code: 'not-found', message: 'No such match.' }], close: { code: 4004, reason: 'No such match.' },
      });
    }
  });

  it('looks a match up with 200 whether it exists or not', async () => {
    const id = await createMatch({ players: 2 });
    const found = await call('GET', `/api/matches/${id}/lookup`);
    expect(found.status).toBe(200);
    expect(found.json).toEqual({ found: true, match: (await call('GET', `/api/matches/${id}`)).json });
    // Well-formed and unknown, and malformed (which reaches no object): found false, status 200.
    for (const other of ['WWWWWWWWWW', 'not-an-id', 'x'.repeat(64)]) {
      expect(await call('GET', `/api/matches/${other}/lookup`)).toMatchObject({ status: 200, json: { found: false } });
    }
  });
});
