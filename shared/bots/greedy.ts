// The `greedy` bot: one step ahead. In a world dealt from its own view it
// tries every option (and its own follow-up choices of the same turn, such as
// a Familiar's second card), lets the rules run to the next decision that is
// not its own, and keeps the option whose position evaluates best.
import { clone, legalMoves, step, type GameState, type Move, type Rng, type Seat, type View } from '../engine';
import { LOCATIONS } from '../engine/catalog';
import { evaluate } from './evaluate';
import { determinize } from './world';

/** The best value reachable by `seat` from `g` through its own consecutive decisions. */
export function lookahead(g: GameState, seat: Seat, depth: number): number {
  const p = g.pending;
  if (!p || g.over || p.seat !== seat || depth === 0) return evaluate(g, seat);
  let best = -Infinity;
  for (const m of legalMoves(g)) best = Math.max(best, valueOf(g, seat, m, depth));
  return best;
}

export function valueOf(g: GameState, seat: Seat, m: Move, depth = 3): number {
  const next = clone(g);
  step(next, { ...m, seat });
  // A play ends this seat's say for the turn; follow-ups inside it are its own choices.
  return lookahead(next, seat, next.pending?.kind === 'play' ? 0 : depth - 1);
}

/** Moves of the view ranked best first by one-step value in one world. */
export function rank(view: View, rng: Rng): { move: Move; value: number }[] {
  const options = view.pending!.options!;
  const world = determinize(view, rng);
  return options
    .map((move) => ({ move, value: valueOf(world, view.you!, move) }))
    .sort((a, b) => b.value - a.value);
}

export function greedyBot(view: View, rng: Rng): Move {
  const options = view.pending?.options;
  if (!options?.length) throw new Error('greedyBot: this view holds no decision of its own');
  if (options.length === 1) return options[0]!;
  if (view.pending!.kind === 'choose-side') return chooseSide(options);
  return rank(view, rng)[0]!.move;
}

/** Before the deal nothing can be looked ahead: take the side worth more VP. */
function chooseSide(options: Move[]): Move {
  const vp = (m: Move) => LOCATIONS.find((l) => l.id === (m as { option: string }).option)?.vp ?? 0;
  return options.reduce((a, b) => (vp(b) > vp(a) ? b : a));
}
