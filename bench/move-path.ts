// The JavaScript of a move, stage by stage, in Node: the match object's own modules (the message
// check, the rules, the action's text as stored, every seat's view and, with `--spectators`, the
// spectators' one, their diffs against the views sent before, the patch texts) over many different games, a move from each position
// as a person would send it. No workerd, no SQLite, no sockets: what this code costs once V8 has
// optimized it for varied input. In workerd, as moves really arrive, much of it runs unoptimized
// (docs/PERFORMANCE.md, "Server"), so read it as the floor of that code, not the server's figure.
//   node scripts/run.mjs bench/move-path.ts [--games 300] [--rounds 3] [--players 2] [--spectators] [--gap 2]
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { createGame, legalMoves, type GameState } from '../shared/engine';
import { diff, type DiffMemo, type View } from '../shared/protocol';
import { parseMessage } from '../worker/match/sockets/input';
import { decide } from '../worker/match/table/actions';
import { viewsFor, type Scene } from '../worker/match/views';

const { values } = parseArgs({ options: {
  games: { type: 'string', default: '300' }, rounds: { type: 'string', default: '3' }, players: { type: 'string', default: '2' },
  spectators: { type: 'boolean', default: false }, gap: { type: 'string', default: '0' },
} });
// Idle before each move, as moves really arrive (outside the timed stages): caches go cold between.
const GAP_MS = Number(values.gap);
const GAMES = Number(values.games);
const PLAYERS = Number(values.players);
const SEATS = Array.from({ length: PLAYERS }, (_, s) => s);
const VIEWERS: (number | null)[] = values.spectators ? [...SEATS, null] : SEATS;
const STAGES = ['parse and validate', 'engine apply', 'stored text', 'views', 'diffs', 'patch texts'] as const;

/** What the room adds around the state (room.ts scene): people in every seat, all here, no clock. */
const scene = (g: GameState): Scene => ({
  id: 'bench', players: PLAYERS, status: g.over ? 'over' : 'playing',
  seats: SEATS.map((seat) => ({ seat, kind: 'human' as const, name: `P${seat}`, level: null, tokenHash: null })),
  connected: SEATS.map(() => true), state: g, due: null, standIn: SEATS.map(() => null), botMoves: SEATS.map(() => 0),
  canStandIn: SEATS.map(() => false), hints: SEATS.map(() => 0), rematch: null, seeded: false, rules: { clock: null, idleMs: 60_000, awayMs: 60_000, takeover: 'greedy', botDelayMs: 800 },
});

for (let round = 1; round <= Number(values.rounds); round++) {
  const us = new Map<string, number>(STAGES.map((s) => [s, 0]));
  let moves = 0;
  let bytes = 0;
  for (let game = 0; game < GAMES; game++) {
    let g = createGame({ players: PLAYERS, seed: game * 7919 + round });
    let sent: View[] = VIEWERS.map(viewsFor(scene(g)));
    for (let n = 0; g.pending && !g.over; n++) {
      if (GAP_MS) await sleep(GAP_MS);
      const options = legalMoves(g);
      const text = JSON.stringify({ ...options[(game + n) % options.length]!, version: g.version });
      let t = performance.now();
      const lap = (stage: string) => {
        const now = performance.now();
        us.set(stage, us.get(stage)! + (now - t) * 1000);
        t = now;
      };
      const parsed = parseMessage(text);
      lap('parse and validate');
      if (!parsed.ok || (parsed.msg.type !== 'play' && parsed.msg.type !== 'choose')) throw new Error(`refused: ${text}`);
      const m = parsed.msg;
      const decided = decide(g, g.pending.seat, m.type === 'play' ? { type: 'play', card: m.card, location: m.location } : { type: 'choose', option: m.option }, m.version);
      lap('engine apply');
      if (!decided.ok) throw new Error(decided.refusal.message);
      JSON.stringify(decided.action);
      if (decided.state.version % 16 === 0 || decided.state.over) JSON.stringify(decided.state);
      lap('stored text');
      g = decided.state;
      const next = VIEWERS.map(viewsFor(scene(g)));
      lap('views');
      const memo: DiffMemo = new Map();
      const ops = next.map((v, i) => diff(sent[i], v, memo));
      lap('diffs');
      // As worker/match/sockets/deliver.ts writes a patch.
      for (const o of ops) bytes += JSON.stringify({ type: 'patch', version: g.version, ops: o, spectators: 0 }).length;
      lap('patch texts');
      sent = next;
      moves++;
    }
  }
  const total = [...us.values()].reduce((a, b) => a + b, 0);
  console.log(`round ${round}: ${moves} moves of ${GAMES} ${PLAYERS}-seat games, ${VIEWERS.length} views each, µs per move: ${STAGES.map((s) => `${s} ${(us.get(s)! / moves).toFixed(1)}`).join(', ')}; total ${(total / moves).toFixed(1)} (patches ${(bytes / moves / VIEWERS.length).toFixed(0)} B a viewer)`);
}
console.log(`node ${process.version}; the first round includes V8's warm-up`);
