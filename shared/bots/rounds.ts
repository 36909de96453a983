// More worlds where a swing is unsure (docs/ANALYSIS.md, "Can the numbers be trusted?"). Every
// position is played out in the first `playouts` worlds; then, round after round, the positions
// on either side of a swing whose standard error is above `target` get more: worlds come in
// blocks [0, n), [n, 1.25n), [1.25n, 1.5625n) … up to `most`, so that a position's worlds are always
// the first of them and two positions always share the worlds of the one with fewer. A round's
// choice is a function of the parts added up (parts.ts `tally`, whole numbers), so one worker and
// several decide alike. No engine here: the page decides the rounds without loading the bots.
import { variance, type Tally, type Totals } from './parts';

export interface PlayoutBudget {
  /** Worlds of every position (the first block). */
  playouts: number;
  /** Worlds a position may get at most (the last block ends at or below it). */
  most: number;
  /** The standard error of a swing (a seat's change of chance across one action) worth more worlds. */
  target: number;
  /** Moves the policy weighs at a decision (drawn at random from the legal ones). */
  sample: number;
  /** Turns played before the estimate takes over (Infinity: to the end of the game). */
  horizon: number;
}

// The target: the largest of ~180 draws of a normal is about 2.9 standard errors in the median
// match, so 1.7 points would keep a match's largest swing error near 5 if every swing sat at the
// target; they do not (each is below it once done, many well below), and 1.9 measured 4.6 in the
// median of 6 matches (docs/ANALYSIS.md), in about 2.5 times the first round's worlds.
export const PLAYOUTS: PlayoutBudget = { playouts: 512, most: 4096, target: 0.019, sample: 3, horizon: Infinity };

/**
 * The blocks of worlds: [0, playouts), then each a quarter as large as all before it, up to
 * `most`. Small steps: a swing between positions of n and m > n worlds has the luck of the m − n
 * worlds only one has (`swingError`), a standard error of 1 point at n = 512 for 1.25n against
 * 1.6 for 2n, so that a step does not itself ask for more worlds next to it; and a position gets
 * little more than it needs.
 */
export function blocks(budget: PlayoutBudget): [number, number][] {
  const out: [number, number][] = [[0, budget.playouts]];
  for (let n = budget.playouts, m = Math.round(1.25 * n); m <= budget.most && m > n; n = m, m = Math.round(1.25 * n)) out.push([n, m]);
  return out;
}

/** Part `part` of `parts` of the block [lo, hi): each worker the same share of every block, whatever the position. */
export const shareOf = (lo: number, hi: number, part: number, parts: number): [number, number] =>
  [lo + Math.floor((part * (hi - lo)) / parts), lo + Math.floor(((part + 1) * (hi - lo)) / parts)];

/**
 * The standard error of seat `s`'s swing from `a` to `b` as shown: b's mean over its worlds less
 * a's over its own. With n ≤ m worlds, the n shared ones paired (`d`, the differences):
 * Var = Var(d) / m + Var(fewer's) × (1/n − 1/m); the second term is the luck of the worlds only
 * one of them has.
 */
export function swingError(a: Totals, b: Totals, d: Totals, s: number): number {
  const fewer = a.n <= b.n ? a : b;
  const m = Math.max(a.n, b.n);
  const v = variance(d.sum[s]!, d.squares[s]!, d.n) / m + variance(fewer.sum[s]!, fewer.squares[s]!, fewer.n) * (1 / fewer.n - 1 / m);
  return Math.sqrt(v);
}

/**
 * The worlds each position should have next, or null when every swing is within `target` (or its
 * positions have the last block). A swing too unsure gets more: where its positions have as many
 * worlds, both the next block; else the one with fewer (a block at a time, so that a position's
 * other swing loses little of its pairing).
 */
export function nextWorlds(t: Tally, budget: PlayoutBudget): number[] | null {
  const now = t.positions.map((x) => x.n);
  const next = now.slice();
  const ends = blocks(budget).map(([, hi]) => hi);
  t.swings.forEach((d, i) => {
    const a = t.positions[i]!;
    const b = t.positions[i + 1]!;
    if (!d.sum.some((_, s) => swingError(a, b, d, s) > budget.target)) return;
    const up = (j: number) => { next[j] = Math.max(next[j]!, ends.find((hi) => hi > now[j]!) ?? now[j]!); };
    if (a.n <= b.n) up(i);
    if (b.n <= a.n) up(i + 1);
  });
  return next.some((n, i) => n !== now[i]) ? next : null;
}
