// The `search` bot: information-set Monte Carlo over its best candidates.
// Each iteration deals a new world from its own view (hidden cards sampled
// from what it has not seen), plays a candidate, lets every seat answer with
// the greedy policy until this seat's next turn, and scores the result. The
// candidate with the best mean wins. Bounded by iterations and CPU time.
import { clone, legalMoves, step, type GameState, type Move, type Rng, type Seat, type View } from '../engine';
import { evaluate } from './evaluate';
import { greedyBot, rank, valueOf } from './greedy';
import { determinize } from './world';

export interface SearchBudget {
  /** Candidates kept from the greedy ranking. */
  candidates: number;
  /** Worlds sampled per candidate, at most. */
  worlds: number;
  /** Wall-clock budget per decision, in milliseconds. */
  ms: number;
}

export const DEFAULT_BUDGET: SearchBudget = { candidates: 5, worlds: 12, ms: 40 };

/** The greedy choice for whoever decides in `g` (a sampled world: all cards known). */
function greedyMove(g: GameState): Move {
  const seat = g.pending!.seat;
  let best: Move | null = null;
  let bestValue = -Infinity;
  for (const m of legalMoves(g)) {
    const v = valueOf(g, seat, m, 2);
    if (v > bestValue) { bestValue = v; best = m; }
  }
  return best!;
}

/** Play on with greedy answers until `seat` is to play its next turn (or the game ends). */
function playout(g: GameState, seat: Seat): void {
  let guard = 0;
  while (!g.over && guard++ < 60) {
    const p = g.pending!;
    if (p.seat === seat && p.kind === 'play') return;
    step(g, { ...greedyMove(g), seat: p.seat });
  }
}

export function searchWith(budget: SearchBudget) {
  return (view: View, rng: Rng): Move => {
    const options = view.pending?.options;
    if (!options?.length) throw new Error('searchBot: this view holds no decision of its own');
    if (options.length === 1 || view.pending!.kind === 'choose-side') return greedyBot(view, rng);
    const seat = view.you!;
    const ranked = rank(view, rng).slice(0, budget.candidates);
    if (ranked.length === 1) return ranked[0]!.move;
    const totals = ranked.map(() => 0);
    const deadline = performance.now() + budget.ms;
    let worlds = 0;
    while (worlds < budget.worlds && (worlds < 2 || performance.now() < deadline)) {
      const world = determinize(view, rng);
      ranked.forEach((c, i) => {
        const g = clone(world);
        step(g, { ...c.move, seat });
        playout(g, seat);
        totals[i] = totals[i]! + evaluate(g, seat);
      });
      worlds++;
    }
    let best = 0;
    for (let i = 1; i < ranked.length; i++) if (totals[i]! > totals[best]!) best = i;
    return ranked[best]!.move;
  };
}

export const searchBot = searchWith(DEFAULT_BUDGET);
