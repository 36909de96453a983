// The after-match analysis (analysis.ts) in parts, so that Web Workers can share its worlds
// (playout numbers k) between them: a part holds sums over its own worlds only, and the sums of
// all parts added give exactly the statistics of all worlds at once. No engine here: the page
// merges the parts without loading the bots.
import type { Action, Move, Seat } from '../engine/types';

/** A decision the search bot would have made otherwise, at a cost beyond its margin. */
export interface CostlyDecision {
  /** The action's index in the log: the position before it is `chances[index]`, after it `chances[index + 1]`. */
  index: number;
  seat: Seat;
  /** What the seat did. */
  chose: Move;
  /** What the search bot would have chosen. */
  best: Move;
  /** The seat's win chance after its own choice, and after the bot's. */
  had: number;
  kept: number;
  /** kept − had, over the same worlds: more than `margin`. */
  lost: number;
  /** The 95 % half-width of `lost` (1.96 standard errors of the worlds' paired differences). */
  margin: number;
}

/** What the analysis finds (analysis.ts `analyse`, or parts combined). */
export interface Analysis {
  /** Per position (the start, then after each action), each seat's win chance; they sum to 1. */
  chances: number[][];
  /** The 95 % half-width of each of `chances` (`share`); 0 once the game is over. */
  margins: number[][];
  /** The fewest worlds of any position: every one has at least the first round's (rounds.ts), some more (`worlds`). */
  playouts: number;
  /** Per position, the worlds its chances are the shares of. */
  worlds: number[];
  /** Per seat, its costliest decisions, costliest first (at most `top`); empty for seats not analysed. */
  costly: CostlyDecision[][];
}

/** 95 % of a normal distribution lies within this many standard errors of its mean. */
export const Z95 = 1.96;

/** Per seat: Σ of an outcome over some worlds, and Σ of its square. */
export interface Sums { sum: number[]; squares: number[] }

/**
 * Sums over a share of one block of worlds (rounds.ts): of the positions played out in it, of the
 * swings whose two positions both were, and of decisions' paired differences. Outcomes are 0 or
 * 1, so every sum is a whole number and adding the parts in any order gives the same totals.
 */
export interface AnalysisPart {
  /** Worlds `from` ≤ k < `to`. */
  from: number;
  to: number;
  /** Per position played out here: Σ and Σ² of each seat's outcome; `over`: the game is over there (its chances are certain). */
  positions: ({ i: number; over: boolean } & Sums)[];
  /** Per swing (position i to i + 1) whose positions both were played out here: Σ and Σ² of (after − before), per seat. */
  swings: ({ i: number } & Sums)[];
  /** Per decision judged whose seat chose otherwise than the search bot: Σ and Σ² of (after the bot's − after its own) for the seat. */
  pairs: { index: number; sum: number; squares: number }[];
}

/** Sums over the first n worlds (every part's added). */
export interface Totals extends Sums { n: number }

/** All parts added: per position, per swing, per decision with a better move. */
export interface Tally {
  positions: Totals[];
  over: boolean[];
  swings: Totals[];
  pairs: Map<number, { n: number; sum: number; squares: number }>;
}

/** What the search bot would have chosen at a decision (the action's index) where the seat chose otherwise. */
export interface Better { index: number; best: Move }

/** The unbiased variance of one world's value, from Σ and Σ² over n worlds. */
export const variance = (sum: number, squares: number, n: number): number =>
  (n > 1 ? Math.max(0, squares / n - (sum / n) ** 2) * (n / (n - 1)) : 0);

/** A mean over n worlds and its 95 % half-width: 1.96 standard errors, never below a binomial's with (Σ + 2) / (n + 4) (Agresti–Coull), so that 0 or all of n worlds won still has a width. */
export function share(sum: number, squares: number, n: number): { chance: number; margin: number } {
  const v = variance(sum, squares, n);
  const p = (sum + 2) / (n + 4);
  return { chance: sum / n, margin: Z95 * Math.sqrt(Math.max(v / n, v > 0 ? 0 : (p * (1 - p)) / (n + 4))) };
}

/** The mean of n paired differences and its 95 % half-width (1.96 standard errors). */
export function paired(sum: number, squares: number, n: number): { gain: number; margin: number } {
  return { gain: sum / n, margin: Z95 * Math.sqrt(variance(sum, squares, n) / n) };
}

/** The least loss worth calling costly: half a point, 1 as the page rounds it. */
export const MIN_LOSS = 0.005;

/** The move part of an action (no seat, no marks). */
export const moveOf = (a: Action): Move =>
  a.type === 'play' ? { type: 'play', card: a.card, location: a.location } : { type: 'choose', option: a.option };

/** The parts added up, each position's, swing's and decision's worlds checked to be 0 ≤ k < n, each once. */
export function tally(parts: readonly AnalysisPart[], count: number): Tally {
  const ordered = [...parts].sort((a, b) => a.from - b.from);
  const players = ordered.find((p) => p.positions.length)!.positions[0]!.sum.length;
  const zero = (): Totals => ({ n: 0, sum: Array<number>(players).fill(0), squares: Array<number>(players).fill(0) });
  const t: Tally = { positions: Array.from({ length: count }, zero), over: Array<boolean>(count).fill(false), swings: Array.from({ length: count - 1 }, zero), pairs: new Map() };
  const add = (to: { n: number }, p: AnalysisPart, what: string) => {
    if (p.from !== to.n) throw new Error(`analysis: ${what}: the parts leave worlds ${to.n} to ${p.from} out`);
    to.n = p.to;
  };
  const addSums = (to: Totals, x: Sums, p: AnalysisPart, what: string) => {
    add(to, p, what);
    x.sum.forEach((v, s) => { to.sum[s]! += v; to.squares[s]! += x.squares[s]!; });
  };
  for (const p of ordered) {
    for (const x of p.positions) { addSums(t.positions[x.i]!, x, p, `position ${x.i}`); t.over[x.i] = x.over; }
    for (const x of p.swings) addSums(t.swings[x.i]!, x, p, `swing ${x.i}`);
    for (const x of p.pairs) {
      const to = t.pairs.get(x.index) ?? { n: 0, sum: 0, squares: 0 };
      add(to, p, `decision ${x.index}`);
      to.sum += x.sum;
      to.squares += x.squares;
      t.pairs.set(x.index, to);
    }
  }
  // A swing's worlds are those its two positions share.
  t.swings.forEach((w, i) => {
    if (w.n !== Math.min(t.positions[i]!.n, t.positions[i + 1]!.n)) throw new Error(`analysis: swing ${i} has ${w.n} worlds`);
  });
  return t;
}

/** The analysis of all the parts' worlds together: each position's chances over its own worlds, each decision's pair over those of the position after the seat's move. */
export function combine(parts: readonly AnalysisPart[], actions: readonly Action[], better: readonly Better[], top = 3): Analysis {
  const t = tally(parts, actions.length + 1);
  const chances: number[][] = [];
  const margins: number[][] = [];
  t.positions.forEach((x, i) => {
    const row = x.sum.map((sum, s) => share(sum, x.squares[s]!, x.n));
    chances.push(row.map((r) => r.chance));
    margins.push(row.map((r) => (t.over[i] ? 0 : r.margin)));
  });
  const worlds = t.positions.map((x) => x.n);
  const found: CostlyDecision[][] = chances[0]!.map(() => []);
  for (const { index, best } of better) {
    const pair = t.pairs.get(index);
    if (!pair || pair.n !== worlds[index + 1]) throw new Error(`analysis: decision ${index} has ${pair?.n ?? 0} of ${worlds[index + 1]} worlds`);
    const { gain, margin } = paired(pair.sum, pair.squares, pair.n);
    const a = actions[index]!;
    const had = chances[index + 1]![a.seat]!;
    // A gain within the margin is the playouts' noise, not a mistake; with many worlds the margin
    // can be a fraction of a point, and a loss under half a point (0 as the page rounds it) is no lesson.
    if (gain > margin && gain >= MIN_LOSS) found[a.seat]!.push({ index, seat: a.seat, chose: moveOf(a), best, had, kept: had + gain, lost: gain, margin });
  }
  return {
    chances, margins, playouts: Math.min(...worlds), worlds,
    costly: found.map((list) => list.sort((x, y) => y.lost - x.lost || x.index - y.index).slice(0, top)),
  };
}
