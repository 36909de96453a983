// The match socket over real WebSockets: views, connections, and every refusal
// in the protocol's check order, each changing nothing.
import { describe, expect, it } from 'vitest';
import { actionCount, call, connect, createMatch, eventually, join, storedState } from '../helpers';

/** Two humans; seat 0 decides first. */
async function humanMatch(extra: Record<string, unknown> = {}) {
  const id = await createMatch({ players: 2, ...extra });
  const a = await join(id, 'Ann');
  const b = await join(id, 'Bo');
  return { id, a, b };
}

describe('connecting', () => {
  it('shows a waiting match with pending null and an empty board, then the dealt game', async () => {
    const id = await createMatch({ players: 2, bots: { 1: 'random' }, botDelayMs: 5000 });
    const spec = await connect(id);
    const w = (await spec.take('state')).view;
    expect(w).toMatchObject({ version: 0, you: null, pending: null, locations: [], hero: null, log: [], over: false, result: null, clock: null });
    expect(w.hand).toBeUndefined();
    expect(w.players.map((p) => [p.kind, p.connected])).toEqual([['open', false], ['bot', true]]);

    const a = await join(id, 'Ann');
    const started = (await spec.take('state')).view;
    expect(started.locations).toHaveLength(3);
    expect(started.pending).toMatchObject({ seat: 0, kind: 'play' });
    expect(started.pending!.options).toBeUndefined();
    expect(started.hand).toBeUndefined();
    expect(started.players[0]).toMatchObject({ name: 'Ann', kind: 'human', connected: false, handSize: 5 });

    const ann = await connect(id, a.token);
    const mine = (await ann.take('state')).view;
    expect(mine.you).toBe(0);
    expect(mine.hand).toHaveLength(5);
    expect(mine.pending!.options!.length).toBeGreaterThan(0);
    expect(mine.players[0]!.connected).toBe(true);
    // The spectator hears that seat 0 came online.
    expect((await spec.take('state')).view.players[0]!.connected).toBe(true);
    expect((await call('GET', `/api/matches/${id}`)).json.spectators).toBe(1);
    spec.close();
    ann.close();
  });

  it('lets two sockets hold one seat, and says when the seat goes offline', async () => {
    const { id, a } = await humanMatch();
    const watcher = await connect(id);
    await watcher.take('state');
    const tab1 = await connect(id, a.token);
    await tab1.take('state');
    expect((await watcher.take('state')).view.players[0]!.connected).toBe(true);
    const tab2 = await connect(id, a.token);
    expect((await tab2.take('state')).view.you).toBe(0);
    tab1.close();
    await tab2.expectQuiet(); // still one tab open: no change to tell
    tab2.close();
    expect((await watcher.take('state')).view.players[0]!.connected).toBe(false);
    watcher.close();
  });

  it('accepts, refuses and closes (4001) a forged token', async () => {
    const { id, a } = await humanMatch();
    const other = await humanMatch();
    // A real token with anything added, cut short or with its last character changed proves no
    // seat: the whole token is what is hashed and compared, not a prefix of it.
    const last = a.token.at(-1) === 'A' ? 'B' : 'A';
    const nearly = [`${a.token}x`, `${a.token}${a.token}`, a.token.slice(0, -1), `${a.token.slice(0, -1)}${last}`];
    for (const token of ['forged', '', other.a.token, ...nearly]) {
      const s = await connect(id, token);
      expect(await s.take('error')).toMatchObject({ type: 'error', code: 'bad-token' });
      await expect(s.take('state', 1000)).rejects.toThrow();
      expect(s.closed?.code).toBe(4001);
    }
    expect(await actionCount(id)).toBe(0);
  });

  it('answers ping with pong', async () => {
    const id = await createMatch({ players: 2 });
    const s = await connect(id);
    await s.take('state');
    s.send({ type: 'ping' });
    expect(await s.take()).toEqual({ type: 'pong' });
    s.send(' {"type": "ping"} '); // not the auto-response's exact text: answered by the object
    expect(await s.take()).toEqual({ type: 'pong' });
    s.close();
  });
});

describe('actions', () => {
  it('applies a legal action, persists it and shows everyone the new version', async () => {
    const { id, a } = await humanMatch();
    const ann = await connect(id, a.token);
    const spec = await connect(id);
    const v0 = (await ann.take('state')).view;
    await spec.take('state');
    expect(v0.pending).toMatchObject({ seat: 0, kind: 'play' });
    ann.send({ ...v0.pending!.options![0], version: 0 });
    expect((await ann.viewAt(1)).version).toBe(1);
    const seen = await spec.viewAt(1);
    expect(seen.version).toBe(1);
    expect(seen.log.at(-1)!.text).toMatch(/Ann/);
    expect(await actionCount(id)).toBe(1);
    expect((await storedState(id))!.version).toBe(1);
    ann.close();
    spec.close();
  });

  it('never applies a re-sent action twice', async () => {
    const { id, a, b } = await humanMatch();
    const ann = await connect(id, a.token);
    const bo = await connect(id, b.token);
    const v0 = (await ann.take('state')).view;
    const action = { ...v0.pending!.options![0], version: 0 };
    ann.send(action);
    ann.send(action); // a double click: the second is refused
    const v1 = await ann.viewAt(1);
    const err = await ann.take('error');
    // Seat 0 may still be deciding (a Familiar's extra play): then the version is stale.
    expect(err.code).toBe(v1.pending!.seat === 0 ? 'stale' : 'not-your-decision');
    await ann.expectQuiet();
    // The seat now deciding, answering from an old view, is stale.
    const decider = v1.pending!.seat === 0 ? ann : bo;
    decider.send({ type: 'choose', option: 'none', version: 0 });
    expect(await decider.take('error')).toMatchObject({ code: 'stale' });
    expect(await actionCount(id)).toBe(1);
    expect((await storedState(id))!.version).toBe(1);
    ann.close();
    bo.close();
  });

  it('refuses in the order too-large, bad-json, bad-request, spectator, not-your-decision, stale, illegal', async () => {
    const { id, a, b } = await humanMatch();
    const bo = await connect(id, b.token); // not deciding
    const ann = await connect(id, a.token); // deciding (play)
    const spec = await connect(id);
    for (const s of [ann, bo, spec]) await s.take('state');
    await bo.take('state'); // Ann came online after Bo
    const before = await storedState(id);
    const card = before!.hands[0]![0]!;
    const ok = { type: 'play', card, location: before!.locations[0]!, version: 0 };

    const cases: [typeof ann, unknown, string][] = [
      [spec, JSON.stringify({ ...ok, pad: 'x'.repeat(5000) }), 'too-large'],
      [bo, 'é'.repeat(2049), 'too-large'], // 4098 bytes of UTF-8 in 2049 characters
      [spec, '{"type": "choose",', 'bad-json'],
      [ann, '{"type":"play","card":"x","version":0', 'bad-json'],
      [ann, new Uint8Array([0xff, 0xfe, 0x7b]), 'bad-json'],
      [spec, { type: 'teleport', version: 0 }, 'bad-request'],
      [ann, { type: 'choose', version: 0 }, 'bad-request'],
      [ann, { type: 'play', card, version: 0 }, 'bad-request'],
      [ann, { ...ok, version: true }, 'bad-request'],
      [ann, { ...ok, version: '0' }, 'bad-request'],
      [ann, [1, 2], 'bad-request'],
      [ann, 'null', 'bad-request'],
      [spec, ok, 'spectator'],
      [spec, { ...ok, version: 9 }, 'spectator'],
      [bo, ok, 'not-your-decision'],
      [bo, { ...ok, version: 9 }, 'not-your-decision'],
      [bo, { type: 'choose', option: 'nonsense', version: 9 }, 'not-your-decision'],
      [ann, { ...ok, version: 1 }, 'stale'],
      [ann, { ...ok, version: -1 }, 'stale'], // any number but the current version
      [ann, { ...ok, version: 0.5 }, 'stale'],
      [ann, { type: 'choose', option: 'nonsense', version: 1 }, 'stale'],
      [ann, { type: 'choose', option: 'nonsense', version: 0 }, 'illegal'],
      [ann, { ...ok, card: '1:dire-bear' }, 'illegal'],
      [ann, { ...ok, location: 'narnia' }, 'illegal'],
      [ann, { ...ok, card: `0:${'x'.repeat(3000)}` }, 'illegal'], // no length but the message's own limit
    ];
    for (const [sock, msg, code] of cases) {
      sock.send(msg);
      const err = await sock.take();
      expect(err, `${JSON.stringify(msg).slice(0, 60)} → ${code}`).toMatchObject({ type: 'error', code, message: expect.any(String) });
      await sock.expectQuiet();
    }
    for (const s of [ann, bo, spec]) expect(s.pending).toBe(0);
    expect(await storedState(id)).toEqual(before);
    expect(await actionCount(id)).toBe(0);
    // The connections stayed open and the right action still works.
    ann.send(ok);
    expect((await spec.viewAt(1)).version).toBe(1);
    for (const s of [ann, bo, spec]) s.close();
  });

  it('takes a message of exactly 4096 bytes (only longer ones are too large)', async () => {
    const { id, b } = await humanMatch();
    const bo = await connect(id, b.token);
    await bo.take('state');
    const base = JSON.stringify({ type: 'ping', pad: '' });
    bo.send(JSON.stringify({ type: 'ping', pad: 'x'.repeat(4096 - base.length) }));
    expect(await bo.take()).toEqual({ type: 'pong' });
    bo.close();
  });

  it('refuses actions before the start as not-your-decision', async () => {
    const id = await createMatch({ players: 2 });
    const a = await join(id, 'Ann');
    const ann = await connect(id, a.token);
    await ann.take('state');
    ann.send({ type: 'choose', option: 'x', version: 0 });
    expect(await ann.take()).toMatchObject({ type: 'error', code: 'not-your-decision' });
    ann.close();
  });

  // A seat's socket: a spectator flooding like this is closed (test/worker/sockets/spectators.test.ts).
  it('rate-limits a flood of messages from a seat, then lets the socket go on', async () => {
    const { id, a } = await humanMatch();
    const s = await connect(id, a.token);
    await s.take('state');
    while (s.pending) await s.take();
    for (let i = 0; i < 60; i++) s.send({ type: 'ping', n: i });
    const got = [];
    for (let i = 0; i < 60; i++) got.push(await s.take());
    expect(got.filter((m) => m.type === 'pong').length).toBeGreaterThanOrEqual(40);
    expect(got.some((m) => m.type === 'error' && m.code === 'rate-limited')).toBe(true);
    s.close();
  });
});

describe('location sides chosen by the last seat', () => {
  it('asks seat P-1 for each side (choose-side) and deals once all are chosen', async () => {
    const { id, b } = await humanMatch({ locations: 'choose' });
    const bo = await connect(id, b.token);
    let v = (await bo.take('state')).view;
    for (let i = 0; i < 3; i++) {
      expect(v.pending).toMatchObject({ seat: 1, kind: 'choose-side' });
      bo.send({ ...v.pending!.options![0], version: v.version });
      v = await bo.viewAt(i + 1);
    }
    expect(v.locations).toHaveLength(3);
    expect(v.pending).toMatchObject({ seat: 0, kind: 'play' });
    expect((await storedState(id))!.version).toBe(3);
    bo.close();
  });
});

describe('the spectator count', () => {
  it('comes beside every view, the arriving spectator counted, so no page polls the match for it', async () => {
    const { id, a } = await humanMatch();
    const ann = await connect(id, a.token);
    expect((await ann.take('state')).spectators).toBe(0);
    const s1 = await connect(id);
    expect((await s1.take('state')).spectators).toBe(1);
    const s2 = await connect(id, undefined, { patch: true });
    expect((await s2.take('state')).spectators).toBe(2);
    // Spectators arriving send nobody a view; the next change carries the count to everyone, patches too.
    const v = await ann.until((x) => x.pending?.seat === 0 && !!x.pending.options);
    ann.send({ ...v.pending!.options![0]!, version: v.version });
    for (const s of [ann, s1]) {
      for (;;) {
        const m = await s.take('state');
        if (m.view.version === 1) { expect(m.spectators).toBe(2); break; }
      }
    }
    await s2.until((x) => x.version === 1);
    expect(JSON.parse(s2.raw.at(-1)!)).toMatchObject({ type: 'patch', version: 1, spectators: 2 });
    expect((await call('GET', `/api/matches/${id}`)).json.spectators).toBe(2);
    for (const s of [ann, s1, s2]) s.close();
  });

  it('reaches the seats\' patch sockets as spectators come and go, in a patch with no ops', async () => {
    const { id, a, b } = await humanMatch();
    const ann = await connect(id, a.token, { patch: true });
    const bo = await connect(id, b.token); // plain: gets nothing for it (the count is not in the view)
    await ann.until((v) => v.players.every((p) => p.connected));
    const quiet = ann.raw.length;
    const spy = await connect(id, undefined, { patch: true });
    await spy.take('state');
    const counts = () => ann.raw.slice(quiet).map((t) => JSON.parse(t) as { type: string; ops?: unknown[]; spectators?: number });
    await eventually(() => expect(counts()).toEqual([{ type: 'patch', version: 0, ops: [], spectators: 1 }]));
    spy.close();
    await eventually(() => expect(counts()[1]).toEqual({ type: 'patch', version: 0, ops: [], spectators: 0 }));
    expect(bo.raw.some((t) => t.includes('"ops":[]'))).toBe(false);
    for (const s of [ann, bo]) s.close();
  });

  it('tells a crowd arriving at once in one count message, not one per spectator', async () => {
    const { id, a } = await humanMatch();
    const ann = await connect(id, a.token, { patch: true });
    await ann.until((v) => v.players[0]!.connected);
    const quiet = ann.raw.length;
    const crowd = [];
    // Each from an address of its own (one address may hold only a few).
    for (let i = 0; i < 5; i++) crowd.push(await connect(id, undefined, { ip: `198.51.100.${40 + i}` }));
    const counts = () => ann.raw.slice(quiet).map((t) => (JSON.parse(t) as { spectators?: number }).spectators);
    // The first at once, the rest together at the end of the window: the last one says 5.
    await eventually(() => expect(counts().at(-1)).toBe(5));
    expect(counts().length).toBeLessThanOrEqual(2);
    for (const s of [ann, ...crowd]) s.close();
  });
});
