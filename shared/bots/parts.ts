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
  /** The 95 % half-width of each of `chances` (playouts.ts `shareMargin`); 0 once the game is over. */
  margins: number[][];
  /** Playouts per position. */
  playouts: number;
  /** Per seat, its costliest decisions, costliest first (at most `top`); empty for seats not analysed. */
  costly: CostlyDecision[][];
}

/** 95 % of a normal distribution lies within this many standard errors of its mean. */
export const Z95 = 1.96;

/** Sums over some worlds: of every position (per seat), and of every decision's paired differences. */
export interface AnalysisPart {
  /** Worlds `from` ≤ k < `to`. */
  from: number;
  to: number;
  /** Per position, per seat: Σ of the seat's outcome over the part's worlds, and Σ of its square. */
  sums: number[][];
  squares: number[][];
  /** Per position: the game is over there (its chances are certain). */
  over: boolean[];
  /** Per decision judged whose seat chose otherwise than the search bot: Σ and Σ² of (after the bot's − after its own) for the seat. */
  pairs: { index: number; sum: number; squares: number }[];
}

/** What the search bot would have chosen at a decision (the action's index) where the seat chose otherwise. */
export interface Better { index: number; best: Move }

/** A mean over n worlds and its 95 % half-width: 1.96 standard errors, never below a binomial's with (Σ + 2) / (n + 4) (Agresti–Coull), so that 0 or all of n worlds won still has a width. */
export function share(sum: number, squares: number, n: number): { chance: number; margin: number } {
  const mean = sum / n;
  const variance = n > 1 ? Math.max(0, squares / n - mean * mean) * (n / (n - 1)) : 0;
  const p = (sum + 2) / (n + 4);
  return { chance: mean, margin: Z95 * Math.sqrt(Math.max(variance / n, variance > 0 ? 0 : (p * (1 - p)) / (n + 4))) };
}

/** The mean of n paired differences and its 95 % half-width (1.96 standard errors). */
export function paired(sum: number, squares: number, n: number): { gain: number; margin: number } {
  const gain = sum / n;
  const variance = n > 1 ? Math.max(0, squares / n - gain * gain) * (n / (n - 1)) : 0;
  return { gain, margin: Z95 * Math.sqrt(variance / n) };
}

/** The least loss worth calling costly: half a point, 1 as the page rounds it. */
export const MIN_LOSS = 0.005;

/** The move part of an action (no seat, no marks). */
export const moveOf = (a: Action): Move =>
  a.type === 'play' ? { type: 'play', card: a.card, location: a.location } : { type: 'choose', option: a.option };

/** The analysis of all the parts' worlds together (they must cover 0 ≤ k < n, each once). */
export function combine(parts: AnalysisPart[], actions: readonly Action[], better: readonly Better[], top = 3): Analysis {
  const ordered = [...parts].sort((a, b) => a.from - b.from);
  const first = ordered[0]!;
  let n = 0;
  for (const p of ordered) {
    if (p.from !== n) throw new Error(`analysis: the parts leave worlds ${n} to ${p.from} out`);
    n = p.to;
  }
  const players = first.sums[0]!.length;
  const add = (pick: (p: AnalysisPart) => number[][], i: number, s: number) => ordered.reduce((x, p) => x + pick(p)[i]![s]!, 0);
  const chances: number[][] = [];
  const margins: number[][] = [];
  first.sums.forEach((_, i) => {
    const row = Array.from({ length: players }, (_, s) => share(add((p) => p.sums, i, s), add((p) => p.squares, i, s), n));
    chances.push(row.map((x) => x.chance));
    margins.push(row.map((x) => (first.over[i] ? 0 : x.margin)));
  });
  const found: CostlyDecision[][] = Array.from({ length: players }, () => []);
  for (const { index, best } of better) {
    const pair = (pick: (q: AnalysisPart['pairs'][number]) => number) =>
      ordered.reduce((x, p) => x + pick(p.pairs.find((q) => q.index === index)!), 0);
    const { gain, margin } = paired(pair((q) => q.sum), pair((q) => q.squares), n);
    const a = actions[index]!;
    const had = chances[index + 1]![a.seat]!;
    // A gain within the margin is the playouts' noise, not a mistake; with many worlds the margin
    // can be a fraction of a point, and a loss under half a point (0 as the page rounds it) is no lesson.
    if (gain > margin && gain >= MIN_LOSS) found[a.seat]!.push({ index, seat: a.seat, chose: moveOf(a), best, had, kept: had + gain, lost: gain, margin });
  }
  return {
    chances, margins, playouts: n,
    costly: found.map((list) => list.sort((x, y) => y.lost - x.lost || x.index - y.index).slice(0, top)),
  };
}
