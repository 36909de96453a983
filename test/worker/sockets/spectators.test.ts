// Fair play for spectators (worker/match/sockets/inbound.ts, worker/match/sockets/admission.ts): a spectator may ping and
// react within small budgets, anything else is refused (`spectator`), and a socket that keeps
// sending refused messages is closed with 1008; per client address, a match holds only so many
// spectator sockets and takes only so many new seatless connections a minute (HTTP 429 before the
// upgrade); and a player's move goes through while spectators flood.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_POLICY, CROWD_REACTIONS, MATCH_BURST, SOCKET_REACTIONS, STRIKES } from '../../../worker/match/sockets/inbound';
import { actionCount, call, connect, createMatch, eventually, join, refilledSince, storedState, stub, upgrade, type Sock } from '../helpers';

async function playing() {
  const id = await createMatch({ players: 2 });
  const a = await join(id, 'Ann');
  const b = await join(id, 'Bo');
  const ann = await connect(id, a.token, { emotes: true });
  const bo = await connect(id, b.token);
  for (const s of [ann, bo]) {
    await s.until((v) => v.status === 'playing' && v.players.every((p) => p.connected));
    await drain(s);
  }
  return { id, a, b, ann, bo };
}

/** A spectator whose first view is in and nothing else is queued. */
async function watcher(id: string, opts: { emotes?: boolean; ip?: string } = {}): Promise<Sock> {
  const s = await connect(id, undefined, opts);
  await s.take('state');
  return s;
}

const drain = async (s: Sock) => { while (s.pending) await s.take(); };

afterEach(() => { vi.restoreAllMocks(); });

describe('what a spectator may send', () => {
  it('refuses an action with `spectator` and changes nothing; the socket stays open', async () => {
    const { id, ann, bo } = await playing();
    const cy = await watcher(id);
    const v = ann.views.at(-1)!;
    const before = await storedState(id);
    cy.send({ ...v.pending!.options![0], version: v.version });
    expect(await cy.take('error')).toMatchObject({ type: 'error', code: 'spectator', message: expect.stringMatching(/Spectators watch/) });
    await cy.expectQuiet();
    expect(await storedState(id)).toEqual(before);
    expect(await actionCount(id)).toBe(0);
    for (const s of [ann, bo, cy]) s.close();
  });

  it(`closes a socket with 1008 once it has more than ${STRIKES} refusals within 10 s, each answered before; and logs the close once`, async () => {
    const { id, ann, bo } = await playing();
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => { lines.push(String(line)); });
    const cy = await watcher(id);
    const play = JSON.stringify({ type: 'play', card: '0:x', location: 'y', version: 0 });
    for (let i = 0; i <= STRIKES; i++) cy.send(play);
    for (let i = 0; i <= STRIKES; i++) expect((await cy.take('error')).code).toBe('spectator');
    await eventually(() => expect(cy.closed).toEqual({ code: CLOSE_POLICY, reason: 'too many refused messages' }));
    const refused = () => lines.map((l) => JSON.parse(l)).filter((e) => e.event === 'refused');
    await eventually(() => expect(refused()).toEqual([
      { event: 'refused', at: expect.any(Number), match: id, code: 'spectator', where: 'socket', kind: 'closed', close: 1008, strikes: STRIKES + 1 },
    ]));
    // A second socket closed within the log's pace writes no second line (a flood is not a log flood).
    const dee = await watcher(id);
    for (let i = 0; i <= STRIKES; i++) dee.send(play);
    await eventually(() => expect(dee.closed?.code).toBe(CLOSE_POLICY));
    expect(refused()).toHaveLength(1);
    // The players noticed nothing: no new view, and the match goes on.
    await ann.expectQuiet();
    const v = ann.views.at(-1)!;
    ann.send({ ...v.pending!.options![0], version: v.version });
    expect((await bo.viewAt(v.version + 1)).version).toBe(v.version + 1);
    for (const s of [ann, bo]) s.close();
  });

  it(`lets a spectator react ${SOCKET_REACTIONS} times, marked \`seat: null\`, refuses the next; the crowd's reactions have a budget of their own`, async () => {
    const { id, ann, bo } = await playing();
    const cy = await watcher(id, { emotes: true });
    const dee = await watcher(id, { emotes: true });
    await drain(ann);
    for (let i = 0; i < SOCKET_REACTIONS; i++) {
      cy.send({ type: 'emote', emote: 'gg' });
      for (const s of [ann, cy, dee]) expect(await s.take('emote')).toEqual({ type: 'emote', seat: null, emote: 'gg' });
    }
    cy.send({ type: 'emote', emote: 'wp' });
    expect(await cy.take('error')).toMatchObject({ code: 'rate-limited', message: expect.stringMatching(/A spectator may react/) });
    // Dee has her own allowance, but all spectators together have CROWD_REACTIONS.
    for (let i = SOCKET_REACTIONS; i < CROWD_REACTIONS; i++) {
      dee.send('{"type": "emote", "emote": "hello"}'); // not the web client's exact text: parsed, the same answer
      for (const s of [ann, cy, dee]) expect(await s.take('emote')).toEqual({ type: 'emote', seat: null, emote: 'hello' });
    }
    dee.send({ type: 'emote', emote: 'thanks' });
    expect(await dee.take('error')).toMatchObject({ code: 'rate-limited', message: expect.stringMatching(/spectators have reacted enough/) });
    // A seat's reaction is not spent from the spectators' budget, and a plain socket never heard any.
    ann.send({ type: 'emote', emote: 'thanks' });
    expect(await cy.take('emote')).toEqual({ type: 'emote', seat: 0, emote: 'thanks' });
    await bo.expectQuiet();
    expect(bo.raw.some((t) => t.includes('"emote"'))).toBe(false);
    for (const s of [ann, bo, cy, dee]) s.close();
  });
});

describe('the match budget for spectators\' messages', () => {
  it(`answers about ${MATCH_BURST} messages from all spectators at once, drops the rest unanswered and closes whom it dropped; a player's move still goes through`, async () => {
    const { id, ann, bo } = await playing();
    // As many as the project's spectator cap (5) takes, 30 each: within each socket's own limit (40
    // at once), past the match's. Pings with an extra field: allowed, but they reach the object
    // (only the exact ping is answered by the runtime).
    const crowd = await Promise.all(Array.from({ length: 5 }, () => watcher(id)));
    const v = ann.views.at(-1)!;
    for (const s of crowd) for (let i = 0; i < 30; i++) s.send({ type: 'ping', n: i });
    // The player's move, sent after the flood.
    ann.send({ ...v.pending!.options![0], version: v.version });
    expect((await ann.viewAt(v.version + 1)).version).toBe(v.version + 1);
    expect((await bo.viewAt(v.version + 1)).version).toBe(v.version + 1);
    const pongs = () => crowd.map((s) => s.raw.filter((t) => t === '{"type":"pong"}').length).reduce((x, y) => x + y);
    // A socket dropped from more than STRIKES times is closed; one dropped from fewer stays open
    // and lacks only those answers. How many are dropped depends on how fast the flood arrives (the
    // budget refills 50 a second): past STRIKES drops for every socket, someone must be closed.
    const mine = (s: (typeof crowd)[number]) => s.raw.filter((t) => t === '{"type":"pong"}').length;
    await eventually(() => {
      for (const s of crowd) if (!s.closed) expect(mine(s)).toBeGreaterThanOrEqual(30 - STRIKES);
      if (150 - pongs() > crowd.length * STRIKES) expect(crowd.some((s) => s.closed)).toBe(true);
    });
    for (const s of crowd) if (s.closed) expect(s.closed.code).toBe(CLOSE_POLICY);
    // The burst was answered (plus what refilled meanwhile, 50 a second); the rest got no answer at all.
    expect(pongs()).toBeGreaterThanOrEqual(MATCH_BURST);
    expect(pongs()).toBeLessThan(150);
    expect(crowd.flatMap((s) => s.raw).some((t) => t.includes('"error"'))).toBe(false);
    expect(await actionCount(id)).toBe(1);
    for (const s of [ann, bo, ...crowd]) s.close();
  });
});

describe('per client address', () => {
  it(`holds ${env.SOCKETS_PER_ADDRESS} spectator sockets from one address, refuses the next with \`full\` and 4009; seats and other addresses still connect`, async () => {
    const cap = Number(env.SOCKETS_PER_ADDRESS);
    expect(cap).toBe(3); // vitest.config.ts: below the project's spectator cap of 5 (wrangler.toml: 8)
    const { id, a, ann, bo } = await playing();
    const ip = '203.0.113.5';
    const tabs = [];
    for (let i = 0; i < cap; i++) tabs.push(await watcher(id, { ip }));
    const next = await connect(id, undefined, { ip });
    expect(await next.take('error')).toMatchObject({ code: 'full', message: expect.stringMatching(/Your address has 3 connections/) });
    await eventually(() => expect(next.closed?.code).toBe(4009));
    // A player behind the same address is never refused for its spectators.
    const annTab = await connect(id, a.token, { ip });
    expect((await annTab.take('state')).view.you).toBe(0);
    expect((await (await watcher(id, { ip: '203.0.113.6' })).views.at(-1))?.you).toBeNull();
    for (const s of [ann, bo, annTab, ...tabs]) s.close();
  });

  it(`takes ${env.CONNECTS_PER_MINUTE} seatless connections a minute from one address, then answers 429 before the upgrade`, async () => {
    const perMinute = Number(env.CONNECTS_PER_MINUTE);
    expect(perMinute).toBe(30);
    const { id, a, ann, bo } = await playing();
    const ip = '203.0.113.9';
    // Open and closed again (a refused token spends too: churn is churn).
    const start = Date.now();
    const churn = async (token?: string) => {
      const res = await upgrade(id, token, { ip });
      if (res.status === 101) {
        res.webSocket!.accept();
        res.webSocket!.close(1000, 'churn');
      }
      return res;
    };
    for (let i = 0; i < perMinute; i++) expect((await churn(i % 2 ? 'no-such-token' : undefined)).status).toBe(101);
    // The bucket refills one every 2 s: on a busy machine the 30 can take longer than that, and
    // what refilled meanwhile may be spent too, but not one more.
    let spectatorsBefore = (await call('GET', `/api/matches/${id}`)).json.spectators;
    let over = await churn();
    for (let extra = 1; over.status === 101; extra++) {
      expect(extra).toBeLessThanOrEqual(refilledSince(start, perMinute));
      spectatorsBefore = (await call('GET', `/api/matches/${id}`)).json.spectators;
      over = await churn();
    }
    expect(over.status).toBe(429);
    expect(over.webSocket).toBeNull();
    expect(await over.json()).toEqual({ error: { code: 'rate-limited', message: expect.stringMatching(/Too many new connections/) } });
    expect(Number(over.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    expect((await call('GET', `/api/matches/${id}`)).json.spectators).toBe(spectatorsBefore);
    // Trying again at once: the worker answers from the match's window (backoff.ts), the same way.
    const again = await upgrade(id, undefined, { ip });
    expect(again.status).toBe(429);
    expect(again.webSocket).toBeNull();
    expect(Number(again.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    expect(Number(again.headers.get('Retry-After'))).toBeLessThanOrEqual(Number(over.headers.get('Retry-After')));
    // A seat's token still connects from that address, and another address is not touched.
    for (const res of [await upgrade(id, a.token, { ip }), await upgrade(id, undefined, { ip: '203.0.113.10' })]) {
      expect(res.status).toBe(101);
      res.webSocket!.accept();
      res.webSocket!.close(1000, 'done');
    }
    ann.close();
    bo.close();
  });

  it('takes the address from CF-Connecting-IP as the worker sees it, not from a header a client sends', async () => {
    const id = await createMatch({ players: 2 });
    const ip = '203.0.113.20';
    const cap = Number(env.SOCKETS_PER_ADDRESS);
    const tabs = [];
    for (let i = 0; i < cap; i++) tabs.push(await watcher(id, { ip }));
    // Claiming another address in the route's own header changes nothing: the route overwrites it.
    const res = await upgrade(id, undefined, { ip, headers: { 'X-Darkmoor-Address': 'someone-else' } });
    const s = res.webSocket!;
    const got = new Promise<string>((r) => s.addEventListener('message', (e) => r(String(e.data))));
    s.accept();
    expect(JSON.parse(await got)).toMatchObject({ type: 'error', code: 'full' });
    for (const t of tabs) t.close();
  });
});

describe('the spectator count the seats are told', () => {
  it('counts open spectator sockets only: a refused socket the object still holds is none', async () => {
    const { id, ann, bo } = await playing();
    // A token of no seat: upgraded, told why and closed by the object, which holds it (tagged
    // `refused`) while this end is not taken.
    const refused = await upgrade(id, 'no-seat-holds-this-token');
    expect(refused.status).toBe(101);
    expect(await runInDurableObject(stub(id), (_o, s) => s.getWebSockets('refused').length)).toBe(1);
    await watcher(id);
    const v = await ann.until((x) => x.pending !== null);
    const mover = v.pending!.seat === 0 ? ann : bo;
    const mine = await mover.until((x) => x.version === v.version && !!x.pending?.options);
    mover.send({ ...mine.pending!.options![0], version: v.version });
    const other = mover === ann ? bo : ann;
    await other.viewAt(v.version + 1);
    expect(JSON.parse(other.raw.at(-1)!)).toMatchObject({ type: 'state', spectators: 1 });
    expect(await runInDurableObject(stub(id), (_o, s) => s.getWebSockets('refused').length)).toBe(1);
    refused.webSocket!.accept();
  });
});
