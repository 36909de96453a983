// The `greedy` bot: one step ahead. In a world dealt from its own view it
// tries every option (and its own follow-up choices of the same turn, such as
// a Familiar's second card), lets the rules run to the next decision that is
// not its own, and keeps the option whose position evaluates best
// (evaluate.ts: its estimated lead in final VP).
import { clone, legalMoves, LOCATIONS, step, type Action, type GameState, type Move, type Rng, type Seat, type View } from '../engine';
import { evaluate } from './evaluate';
import { determinize } from './world';

export type Evaluator = (g: GameState, seat: Seat) => number;

/** The best value reachable by `seat` from `g` through its own consecutive decisions. */
export function lookahead(g: GameState, seat: Seat, depth: number, ev: Evaluator = evaluate): number {
  const p = g.pending;
  if (!p || g.over || p.seat !== seat || depth === 0) return ev(g, seat);
  let best = -Infinity;
  for (const m of legalMoves(g)) best = Math.max(best, valueOf(g, seat, m, depth, ev));
  return best;
}

export function valueOf(g: GameState, seat: Seat, m: Move, depth = 3, ev: Evaluator = evaluate): number {
  const next = clone(g);
  step(next, m as Action); // a world's step reads no seat (search.ts play)
  // A play ends this seat's say for the turn; follow-ups inside it are its own choices.
  return lookahead(next, seat, next.pending?.kind === 'play' ? 0 : depth - 1, ev);
}

/** Moves of the view ranked best first by one-step value in one world. */
export function rank(view: View, rng: Rng, ev: Evaluator = evaluate): { move: Move; value: number }[] {
  const options = view.pending!.options!;
  const world = determinize(view, rng);
  return options
    .map((move) => ({ move, value: valueOf(world, view.you!, move, 3, ev) }))
    .sort((a, b) => b.value - a.value);
}

export function greedyWith(ev: Evaluator) {
  return (view: View, rng: Rng): Move => {
    const options = view.pending?.options;
    if (!options?.length) throw new Error('greedyBot: this view holds no decision of its own');
    if (options.length === 1) return options[0]!;
    if (view.pending!.kind === 'choose-side') return chooseSide(options);
    return rank(view, rng, ev)[0]!.move;
  };
}

export const greedyBot = greedyWith(evaluate);

/** Before the deal nothing can be looked ahead: take the side worth more VP. */
function chooseSide(options: Move[]): Move {
  const vp = (m: Move) => LOCATIONS.find((l) => l.id === (m as { option: string }).option)?.vp ?? 0;
  return options.reduce((a, b) => (vp(b) > vp(a) ? b : a));
}
