// Fits the search's leaf (shared/bots/leaf.ts) to the search's own games: one search seat
// (rotating) against greedy seats, cap off. At every change of decider each seat gives a row:
// the estimate's features (evaluate.ts, read as the estimate under unit weights, since it is
// linear in them), a constant per hero left, and that seat's final score. Least squares then
// fits one set of weights for the search seat and one for its rivals (they are played
// differently: a greedy rival gives up VP to pull the leader down), and the spread of the win
// chance by hero left is the held-out error of the search seat's lead over a rival.
//   node scripts/run.mjs scripts/fit-leaf.ts [--players 4] [--games 2000] [--seed 90000]
// It prints leaf.ts's table for that player count.
import { parseArgs } from 'node:util';
import { createGame, heroDeckSize, seedOfInteger, step, view, Keystream, botNonce, type Action, type GameState } from '../shared/engine';
import { estimate, heroesLeft, WEIGHTS, type Weights } from '../shared/bots/evaluate';
import { greedyBot } from '../shared/bots/greedy';
import { searchBot } from '../shared/bots/search';

const { values } = parseArgs({ options: {
  players: { type: 'string', default: '4' }, games: { type: 'string', default: '2000' }, seed: { type: 'string', default: '90000' },
} });
const P = Number(values.players);
const GAMES = Number(values.games);
const SEED = Number(values.seed);
const H = heroDeckSize(P) + 1;
process.env.DARKMOOR_SEARCH_MS = '0';

// The weights as one vector: each field of Weights, arrays in order.
const shape = WEIGHTS[P]!;
const keys = Object.keys(shape) as (keyof Weights)[];
const width = keys.reduce((n, k) => n + (Array.isArray(shape[k]) ? (shape[k] as number[]).length : 1), 0);
function unflatten(v: number[]): Weights {
  let i = 0;
  const w = {} as Record<string, number | number[]>;
  for (const k of keys) w[k] = Array.isArray(shape[k]) ? (shape[k] as number[]).map(() => v[i++]!) : v[i++]!;
  return w as unknown as Weights;
}
const units = Array.from({ length: width }, (_, j) => unflatten(Array.from({ length: width }, (_, i) => (i === j ? 1 : 0))));

/** Features of every seat: [seat][feature], the estimate under each unit weight. */
function features(g: GameState): number[][] {
  const f = Array.from({ length: P }, () => new Array<number>(width + H).fill(0));
  units.forEach((u, j) => estimate(g, u).forEach((x, s) => { f[s]![j] = x; }));
  for (const row of f) row[width + heroesLeft(g)] = 1;
  return f;
}

interface Row { x: number[]; y: number; h: number; game: number; search: boolean; at: number }
const rows: Row[] = [];
let wins = 0;
for (let i = 0; i < GAMES; i++) {
  const g = createGame({ players: P, seed: seedOfInteger(SEED + i) });
  const rng = new Keystream(seedOfInteger(SEED + 7 + i), botNonce(0, 0));
  const me = i % P;
  const mine: { f: number[][]; h: number; at: number }[] = [];
  let last = -1;
  let at = 0;
  while (!g.over) {
    const seat = g.pending!.seat;
    if (seat !== last) mine.push({ f: features(g), h: heroesLeft(g), at: at++ });
    last = seat;
    const bot = seat === me ? searchBot : greedyBot;
    step(g, { ...bot(view(g, seat), rng), seat } as Action);
  }
  if (g.result!.winner === me) wins++;
  for (const m of mine) m.f.forEach((x, s) => rows.push({ x, y: g.result!.scores[s]!, h: m.h, game: i, search: s === me, at: m.at }));
  if ((i + 1) % 250 === 0) console.error(`${i + 1} games, ${rows.length} rows`);
}

/** Least squares with a touch of ridge (some features are rare). */
function fit(rs: Row[]): number[] {
  const n = width + H;
  const A = Array.from({ length: n }, () => new Array<number>(n + 1).fill(0));
  for (const r of rs) {
    for (let a = 0; a < n; a++) {
      const xa = r.x[a]!;
      if (!xa) continue;
      for (let b = 0; b < n; b++) A[a]![b]! += xa * r.x[b]!;
      A[a]![n]! += xa * r.y;
    }
  }
  for (let a = 0; a < n; a++) A[a]![a]! += 1e-3 * rs.length / 1000 + 1e-9;
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(A[r]![c]!) > Math.abs(A[p]![c]!)) p = r;
    [A[c], A[p]] = [A[p]!, A[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const k = A[r]![c]! / A[c]![c]!;
      for (let b = c; b <= n; b++) A[r]![b]! -= k * A[c]![b]!;
    }
  }
  return A.map((row, c) => row[n]! / row[c]!);
}
const dot = (w: number[], x: number[]) => w.reduce((s, wi, i) => s + wi * x[i]!, 0);

// Fit on four fifths of the games; the spread from the held-out fifth, then refit on all.
const held = (r: Row) => r.game % 5 === 4;
const trainSelf = fit(rows.filter((r) => r.search && !held(r)));
const trainRival = fit(rows.filter((r) => !r.search && !held(r)));
const base = (x: number[]) => dot([...Object.values(shape).flat() as number[], ...new Array<number>(H).fill(0)], x);
const err = Array.from({ length: H }, () => ({ fitted: [] as number[], base: [] as number[] }));
for (let i = 0; i < GAMES; i++) {
  if (i % 5 !== 4) continue;
  const rs = rows.filter((r) => r.game === i);
  for (const s of rs.filter((r) => r.search)) {
    for (const o of rs.filter((r) => !r.search && r.at === s.at)) {
      const truth = s.y - o.y;
      err[s.h]!.fitted.push(dot(trainSelf, s.x) - dot(trainRival, o.x) - truth);
      err[s.h]!.base.push(base(s.x) - base(o.x) - truth);
    }
  }
}
const rms = (xs: number[]) => Math.sqrt(xs.reduce((a, x) => a + x * x, 0) / Math.max(1, xs.length));
const all = (k: 'fitted' | 'base') => rms(err.flatMap((e) => e[k]));
console.error(`search won ${wins} of ${GAMES}; ${rows.length} rows; held-out error of the lead: fitted ${all('fitted').toFixed(2)} VP, the estimate's ${all('base').toFixed(2)} VP`);

const self = fit(rows.filter((r) => r.search));
const rival = fit(rows.filter((r) => !r.search));
const r3 = (x: number) => Math.round(x * 1000) / 1000;
const show = (v: number[]) => JSON.stringify({ ...unflatten(v.slice(0, width).map(r3)), bias: v.slice(width).map(r3) }).replace(/"(\w+)":/g, '$1: ').replace(/,/g, ', ');
console.log(`  ${P}: {`);
console.log(`    self: ${show(self)},`);
console.log(`    rival: ${show(rival)},`);
console.log(`    spread: ${JSON.stringify(err.map((e) => r3(rms(e.fitted))))},`);
console.log('  },');
