// npm run bench:swings — can the analysis's win chances be trusted from one step to the next?
// (docs/ANALYSIS.md, issue 37 point 8.) Seeded 4-player matches of search, greedy and random bots,
// every position valued by the analysis's playouts twice, on two seeds' worlds (each run as the
// analysis does it: more worlds where a swing is unsure, shared/bots/rounds.ts), and by the analytic
// estimate it used before (analysis.ts `chancesOf`). A swing is a seat's change of chance across
// one action. The engine makes a choice with one option by itself (R7), so no recorded action is a
// forced move, whose true swing would be nil (or what it reveals); what one would show is a
// swing's error, measured here: for the playouts, their own noise (the two runs' swings apart,
// over √2); for the analytic estimate, its distance from the mean of the two runs. Per match, the
// largest over every action and seat and the 95th percentile; then the median over matches.
//   BENCH_MATCHES    matches (default 20)
//   BENCH_FROM       the first match's seed (default 500; the seats' rotation follows it)
//   BENCH_WORLDS     the two runs' world seeds (default 1,2: every run's worlds are the first n of its seed, so
//                    runs of other sizes share worlds, and a fluke of the first ones shows in all of them)
//   BENCH_PLAYOUTS   playouts of every position, the first round (default: rounds.ts PLAYOUTS)
//   BENCH_MOST       playouts a position may get at most (default: PLAYOUTS.most; = BENCH_PLAYOUTS for none more)
//   BENCH_TARGET     a swing's standard error worth more worlds, in points (default: PLAYOUTS.target)
//   BENCH_SAMPLE     the policy's sample of moves (default: PLAYOUTS.sample)
//   BENCH_HORIZON    turns before the estimate takes over (default: PLAYOUTS.horizon, to the end)
import { BOTS } from '../shared/bots';
import { DEFAULT_BUDGET, searchWith } from '../shared/bots/search';
import { chancesOf } from '../shared/bots/analysis';
import { playGame } from '../shared/bots/play';
import { PLAYOUTS, type PlayoutBudget } from '../shared/bots/playouts';
import { allRounds, Share } from '../shared/bots/share';
import { share, tally } from '../shared/bots/parts';
import { moveCount, positions, seedOfInteger, type GameState } from '../shared/engine';

const matches = Number(process.env.BENCH_MATCHES ?? 20);
const env = (name: string, or: number) => Number(process.env[name] ?? or);
const base = env('BENCH_PLAYOUTS', PLAYOUTS.playouts);
const budget: PlayoutBudget = { ...PLAYOUTS, playouts: base, most: env('BENCH_MOST', Math.max(base, PLAYOUTS.most)), target: env('BENCH_TARGET', PLAYOUTS.target * 100) / 100, horizon: Number(process.env.BENCH_HORIZON ?? PLAYOUTS.horizon), sample: Number(process.env.BENCH_SAMPLE ?? PLAYOUTS.sample) };
// Each match its own mix: one search bot, greedy and random bots around it, seats rotated.
// The search without its time cap: the same matches on a busy machine.
const LINE = [searchWith({ ...DEFAULT_BUDGET, ms: 0 }), BOTS.greedy, BOTS.random, BOTS.greedy];
const lineOf = (m: number) => LINE.map((_, s) => LINE[(s + m) % 4]!);

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};
const median = (xs: number[]): number => quantile(xs, 0.5);
const pts = (p: number) => (p * 100).toFixed(1);

/** Every seat's chance at every position by playouts with `b` and world seed `seed`, as the analysis has them (its rounds); and each position's worlds. */
function byPlayouts(states: GameState[], b: PlayoutBudget, seed: number) {
  const t = tally(allRounds(new Share(states, seed, b), b), states.length);
  const rows = t.positions.map((x) => x.sum.map((sum, s) => share(sum, x.squares[s]!, x.n)));
  return { chances: rows.map((r) => r.map((x) => x.chance)), margins: rows.map((r) => r.map((x) => x.margin)), worlds: t.positions.map((x) => x.n) };
}

/** Per action and seat, |swing of `x` − swing of `ref`|. */
function swingErrors(x: number[][], ref: number[][]): number[] {
  const out: number[] = [];
  for (let i = 0; i + 1 < x.length; i++) {
    for (let s = 0; s < x[i]!.length; s++) out.push(Math.abs(x[i + 1]![s]! - x[i]![s]! - (ref[i + 1]![s]! - ref[i]![s]!)));
  }
  return out;
}

interface Row { actions: number; ms: number; work: number; most: number; forced: number; noise: number[]; analytic: number[]; swing: number[]; margin: number }
const rows: Row[] = [];
const worldSeeds = (process.env.BENCH_WORLDS ?? '1,2').split(',').map(Number);
const from = Number(process.env.BENCH_FROM ?? 500) - 500;
for (let m = from; m < from + matches; m++) {
  const seed = 500 + m;
  const setup = { players: 4, seed: seedOfInteger(seed) };
  const { actions } = playGame(setup, lineOf(m), seed, true);
  const states = positions(setup, actions);
  const t0 = performance.now();
  const a = byPlayouts(states, budget, worldSeeds[0]!);
  const ms = performance.now() - t0;
  const b = byPlayouts(states, budget, worldSeeds[1]!);
  const ca = a.chances;
  const cb = b.chances;
  // The work: worlds played out, against the first round's alone (positions before the end: the end's cost nothing).
  const live = a.worlds.slice(0, -1);
  // The two runs' mean: the reference the analytic estimate is held to.
  const ref = ca.map((row, i) => row.map((p, s) => (p + cb[i]![s]!) / 2));
  const r: Row = {
    actions: actions.length, ms, work: live.reduce((x, n) => x + n, 0) / (budget.playouts * live.length), most: Math.max(...live), forced: states.slice(0, -1).filter((g) => moveCount(g) === 1).length,
    noise: swingErrors(ca, cb).map((e) => e / Math.SQRT2), analytic: swingErrors(states.map(chancesOf), ref),
    swing: swingErrors(ca, ca.map((row) => row.map(() => 0))), margin: median(a.margins.slice(0, -1).flat()),
  };
  rows.push(r);
  // Where the largest noise is: the action, and the worlds of its two positions in each run.
  const at = r.noise.indexOf(Math.max(...r.noise));
  const i = Math.floor(at / 4);
  const where = `action ${i + 1}, seat ${(at % 4) + 1}, worlds ${a.worlds[i]}/${a.worlds[i + 1]} and ${b.worlds[i]}/${b.worlds[i + 1]}`;
  console.log(`match ${m + 1} (seed ${seed}, ${r.actions} actions): a swing's noise, playouts: largest ${pts(Math.max(...r.noise))} (${where}), p95 ${pts(quantile(r.noise, 0.95))}; ` +
    `analytic's distance from the reference: largest ${pts(Math.max(...r.analytic))}, p95 ${pts(quantile(r.analytic, 0.95))}; ` +
    `worlds ${r.work.toFixed(2)}× the first round's (at most ${r.most}); ${r.ms.toFixed(0)} ms`);
}
const med = (f: (r: Row) => number) => pts(median(rows.map(f)));
const largest = (xs: number[]) => Math.max(...xs);
const p95 = (xs: number[]) => quantile(xs, 0.95);
console.log(`\n${matches} matches; ${budget.playouts} playouts per position, up to ${budget.most} where a swing's standard error is above ${pts(budget.target)} points (policy: best of ${budget.sample} moves), two runs on other worlds; forced moves (one option) in the logs: ${rows.reduce((x, r) => x + r.forced, 0)}`);
console.log('median over matches, points of win chance:                  largest | 95th percentile');
console.log(`  analytic estimate: its swing's distance from the playouts' ${med((r) => largest(r.analytic))} | ${med((r) => p95(r.analytic))}`);
console.log(`  playouts: a swing's own noise (run 1 − run 2, / √2)          ${med((r) => largest(r.noise))} | ${med((r) => p95(r.noise))}`);
console.log(`  playouts: the swing itself                                   ${med((r) => largest(r.swing))} | ${med((r) => p95(r.swing))}`);
console.log(`  matches whose largest noise is at most 5 points: ${rows.filter((r) => largest(r.noise) <= 0.05).length} of ${matches}`);
console.log(`worlds played out: median ${median(rows.map((r) => r.work)).toFixed(2)}×, mean ${(rows.reduce((x, r) => x + r.work, 0) / rows.length).toFixed(2)}×, most ${Math.max(...rows.map((r) => r.work)).toFixed(2)}× the first round's ${budget.playouts} per position`);
console.log(`median 95 % half-width of a chance: ${med((r) => r.margin)} points; one run of playouts: median ${median(rows.map((r) => r.ms)).toFixed(0)} ms a match, median ${median(rows.map((r) => r.actions))} actions`);
