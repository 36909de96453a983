// Leak check: many random 4-player matches (2 socket players answering at
// random, 2 random bots, 1 spectator). Every message each socket got is checked
// against the true state at its version (rebuilt from the replay): no viewer
// ever receives a card id it may not see (another seat's hand, any deck card),
// and spectators never get a hand or options. At the end each socket asks for
// the whole log: every viewer gets the same one.
import { describe, expect, inject, it } from 'vitest';
import { positions, type GameState } from '../../shared/engine';
import type { ServerMessage } from '../../shared/protocol';
import { call, type Client, createMatch, join, reconnecting, socketUrl } from '../../harness/node';
import { autoplay } from '../../harness/socket';

// 100 matches, not 200: npm test must end within 6 minutes on 2 cores (docs/TESTING.md, "How big").
const GAMES = Number(process.env.LEAK_GAMES ?? 100);
const CONCURRENCY = 6;

const server = inject('server');

/** Card instance ids look like "2:dire-bear". */
const CARD = /^[0-3]:[a-z-]+$/;

function cardIds(value: unknown, out: Set<string>): Set<string> {
  if (typeof value === 'string') {
    if (CARD.test(value)) out.add(value);
  } else if (Array.isArray(value)) {
    for (const v of value) cardIds(v, out);
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) cardIds(v, out);
  }
  return out;
}

/** What `viewer` may not see in state `g`. */
function hidden(g: GameState, viewer: number | null): Set<string> {
  const out = new Set<string>();
  g.decks.forEach((d) => d.forEach((c) => out.add(c)));
  g.hands.forEach((h, seat) => { if (seat !== viewer) h.forEach((c) => out.add(c)); });
  return out;
}

interface Watcher { client: Client; seat: number | null }

async function playOne(rand: () => number): Promise<{ problems: string[]; messages: number; version: number; drops: number }> {
  const id = await createMatch(server.http, { players: 4, bots: { 1: 'random', 3: 'random' }, botDelayMs: 0 });
  const watchers: Watcher[] = [{ client: reconnecting(socketUrl(server.ws, id)), seat: null }];
  await watchers[0]!.client.take('state');
  for (const name of ['Ann', 'Bo']) {
    const s = await join(server.http, id, name);
    const client = reconnecting(socketUrl(server.ws, id, s.token));
    autoplay(client, rand);
    watchers.push({ client, seat: s.seat });
  }
  const ends = await Promise.all(watchers.map((w) => w.client.until((v) => v.over, 60_000))).catch(async (e) => {
    const last = watchers[0]!.client.views.at(-1);
    const errors = watchers.map((w) => w.client.raw.filter((r) => r.includes('"error"')).slice(-3));
    const players = watchers.slice(1).map((w) => ({
      seat: w.seat, ready: w.client.socket.readyState, closes: w.client.closes, last: w.client.views.at(-1)?.version,
      pending: w.client.views.at(-1)?.pending?.seat, options: w.client.views.at(-1)?.pending?.options?.length, n: w.client.raw.length,
      events: w.client.events.slice(-12),
    }));
    const summary = (await call(server.http, 'GET', `/api/matches/${id}`)).json;
    throw new Error(`${id} stalled at v${last?.version}, pending ${JSON.stringify(last?.pending)}; errors ${JSON.stringify(errors)}; players ${JSON.stringify(players)}; summary ${JSON.stringify(summary)}: ${e}`);
  });
  // The whole log, asked for by each socket (docs/PROTOCOL.md, "The earlier log"): one log for every
  // viewer, whole from the first entry, ending in the final view's window.
  const logs = await Promise.all(watchers.map(async (w) => {
    w.client.send({ type: 'log' });
    return (await w.client.take('log', 10_000)).entries;
  }));
  const problemsOfLog: string[] = [];
  const final = ends[0]!.log;
  for (const [i, log] of logs.entries()) {
    if (JSON.stringify(log) !== JSON.stringify(logs[0])) problemsOfLog.push(`${id}: socket ${i}'s log differs from a spectator's`);
    if (log.some((e, k) => e.seq !== k + 1)) problemsOfLog.push(`${id}: socket ${i}'s log has a gap`);
    if (JSON.stringify(log.slice(-final.length)) !== JSON.stringify(final)) problemsOfLog.push(`${id}: socket ${i}'s log does not end in the view's`);
  }
  const replay = (await call(server.http, 'GET', `/api/matches/${id}/replay`)).json;
  const states = positions(replay.setup, replay.actions);
  const problems: string[] = [...problemsOfLog];
  let messages = 0;
  for (const { client, seat } of watchers) {
    for (const text of client.raw) {
      messages++;
      const msg = JSON.parse(text) as ServerMessage;
      if (msg.type !== 'state') continue;
      const v = msg.view;
      if (v.status === 'waiting') {
        // Before the deal: nothing to hide yet, and nothing shown.
        if (v.locations.length || v.hand?.length || v.pending) problems.push(`${id}: a waiting view shows a board`);
        continue;
      }
      const g = states[v.version];
      if (!g) { problems.push(`${id}: view at unknown version ${v.version}`); continue; }
      const secret = hidden(g, seat);
      for (const c of cardIds(msg, new Set())) if (secret.has(c)) problems.push(`${id} v${v.version} seat ${seat}: sees ${c}`);
      if (seat === null && (v.hand !== undefined || v.pending?.options)) problems.push(`${id} v${v.version}: spectator got a hand or options`);
      if (seat !== null) {
        if (v.pending?.options && v.pending.seat !== seat) problems.push(`${id} v${v.version} seat ${seat}: got another seat's options`);
        if (JSON.stringify(v.hand) !== JSON.stringify(g.hands[seat])) problems.push(`${id} v${v.version} seat ${seat}: wrong hand`);
      }
    }
  }
  if (ends.some((v) => v.version !== states.length - 1)) problems.push(`${id}: final version differs from the replay`);
  const drops = watchers.reduce((n, w) => n + w.client.closes.length, 0);
  for (const w of watchers) w.client.close();
  return { problems, messages, version: states.length - 1, drops };
}

describe('leak check', () => {
  it(`no viewer gets a card it may not see, over ${GAMES} random matches`, async () => {
    let seed = 12345;
    const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    let next = 0;
    let messages = 0;
    let actions = 0;
    let drops = 0;
    const problems: string[] = [];
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (next < GAMES) {
        next++;
        const r = await playOne(rand);
        problems.push(...r.problems);
        messages += r.messages;
        actions += r.version;
        drops += r.drops;
      }
    }));
    // Sockets the server dropped mid-game (partysocket reconnects them; the players go on).
    console.log(`leak check: ${GAMES} games, ${actions} actions, ${messages} messages checked, ${drops} socket drops`);
    expect(problems.slice(0, 20)).toEqual([]);
    // The check looked at something: every game was played through.
    expect(actions).toBeGreaterThan(GAMES * 20);
    expect(messages).toBeGreaterThan(actions * 3);
  }, 240_000);
});
