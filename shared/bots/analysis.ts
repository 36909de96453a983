// After a match: each seat's chance of winning after every action, with its uncertainty, and for
// the seats of people the decisions that cost them most against what the search bot would have
// chosen. Runs on the replay (setup and actions) once the match is over, so it may read the whole
// state: every hidden card is public by then. The browser runs it in a Web Worker; the
// benchmarks (bench/analysis.ts, bench/analysis-swings.ts) run the same function in Node.
//
// Win chance of a position: the share of its playouts each seat wins (playouts.ts: the game played
// to its end in the same worlds for every position, what nobody knew reshuffled in each), with a
// 95 % half-width; at the end the winner has 1. Positions next to a swing too unsure to read get
// more worlds, round after round (rounds.ts, share.ts). A decision's cost: how much more the seat wins
// in those worlds after the search bot's choice (decided from the seat's own view at the time, as
// the bot plays) than after its own. It counts only beyond the 95 % half-width of that paired
// difference: a smaller one is the playouts' noise, not a mistake. See docs/ANALYSIS.md.
import { botNonce, Keystream, positions, seedOfInteger, view, type Action, type GameState, type Move, type Seat, type Setup } from '../engine';
import { winChance } from './evaluate';
import { combine, moveOf, type Analysis, type Better } from './parts';
import { PLAYOUTS, type PlayoutBudget } from './playouts';
import { allRounds, Share } from './share';
import { DEFAULT_BUDGET, searchWith, type SearchBudget } from './search';

export type { Analysis, CostlyDecision } from './parts';

export interface AnalysisOptions {
  /** Seats whose decisions are judged (the people's); the others only get their chances. */
  seats: Seat[];
  /** Keys the search bot's randomness: the same seed gives the same analysis. */
  seed: number;
  /** Decisions kept per seat (3). */
  top?: number;
  /** The search's budget: by default the one it plays with, its 45 ms cap per decision included, so
   * that a busy machine still has the analysis in seconds. On a quiet one the work budget binds
   * first nearly always, and the same seed gives the same analysis; `ms: 0` makes sure of it. */
  budget?: SearchBudget;
  /** Playouts per position, the rounds' target and most, and the policy's sample (rounds.ts PLAYOUTS). */
  playouts?: PlayoutBudget;
  /** Called as the work goes: done of total steps (each position valued, then each decision judged). */
  progress?: (done: number, total: number) => void;
}

/** Each seat's win chance in `g` by the analytic estimate, summing to 1 (what the analysis used before playouts; the swings benchmark compares it). */
export function chancesOf(g: GameState): number[] {
  const raw = Array.from({ length: g.players }, (_, s) => winChance(g, s));
  const sum = raw.reduce((a, b) => a + b, 0);
  return sum > 0 ? raw.map((p) => p / sum) : raw.map(() => 1 / g.players);
}

const sameMove = (a: Move, b: Move): boolean =>
  a.type === b.type && (a.type === 'play' ? b.type === 'play' && a.card === b.card && a.location === b.location : a.option === (b as { option: string }).option);

export { moveOf };

/** The actions whose decisions are judged: the given seats', where there was a choice (the deal's sides aside). */
export function judged(states: readonly GameState[], actions: readonly Action[], seats: readonly Seat[]): number[] {
  const who = new Set(seats);
  return actions.flatMap((a, i) => (who.has(a.seat) && states[i]!.pending?.kind !== 'choose-side' && hasChoice(states[i]!) ? [i] : []));
}

/** The search bot's choice at each of the decisions `indices`, where it differs from the seat's (decided from the seat's own view at the time, as the bot plays). */
export function betterMoves(states: readonly GameState[], actions: readonly Action[], indices: readonly number[], opts: AnalysisOptions, tick?: () => void): Better[] {
  const bot = searchWith(opts.budget ?? DEFAULT_BUDGET);
  const out: Better[] = [];
  for (const i of indices) {
    const a = actions[i]!;
    const best = bot(view(states[i]!, a.seat), new Keystream(seedOfInteger(opts.seed), botNonce(i, a.seat)));
    if (!sameMove(best, moveOf(a))) out.push({ index: i, best });
    tick?.();
  }
  return out;
}

/** The whole analysis in one share of the worlds (Node: the benchmarks, the tests; the browser splits it, web/src/analysis/workers.ts). */
export function analyse(setup: Setup, actions: readonly Action[], opts: AnalysisOptions): Analysis {
  const states = positions(setup, actions);
  const budget = opts.playouts ?? PLAYOUTS;
  const todo = judged(states, actions, opts.seats);
  // Each judged decision twice: the bot's choice, then its pair of playouts (none if the seat chose
  // as the bot); each position once a round it gains worlds in, so the total grows with the rounds.
  let total = states.length + 2 * todo.length;
  let done = 0;
  const tick = () => opts.progress?.(++done, total);
  opts.progress?.(0, total);
  const better = betterMoves(states, actions, todo, opts, tick);
  const share = new Share(states, opts.seed, budget);
  const parts = allRounds(share, budget, (growing) => { total += growing; }, tick);
  parts.push(...share.pairs(actions, better, tick));
  for (let k = better.length; k < todo.length; k++) tick();
  return combine(parts, actions, better, opts.top ?? 3);
}

function hasChoice(g: GameState): boolean {
  const p = g.pending;
  if (!p || g.over) return false;
  return p.kind === 'play' ? g.hands[p.seat]!.length * g.locations.length > 1 : p.options.length > 1;
}
