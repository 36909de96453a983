// How good a position is for one seat: an estimate of each seat's final
// score, then this seat's lead over its rivals. Used on worlds built from the
// seat's own view (world.ts), never on the real state.
import { heroCard, locationSide, type GameState, type Seat } from '../engine';
import { closest } from '../engine/attack';
import { factsOf, totals } from '../engine/board';
import { controller } from '../engine/scoring';

/** Chance that a horde `gap` peril short of the threshold is attacked before it grows safe. */
const RISK = [0.9, 0.6, 0.38, 0.22, 0.12, 0.06];
const risk = (gap: number): number => (gap <= 0 ? 1 : RISK[gap] ?? 0.03);

/** Estimated final score of every seat. */
export function estimate(g: GameState): number[] {
  if (g.over) return g.result!.scores.slice();
  const P = g.players;
  const est = g.heldVP.slice();
  const add = (seat: Seat, n: number) => { est[seat] = est[seat]! + n; };
  for (const haven of g.havens) for (const id of haven) add(factsOf(id).seat, factsOf(id).card.vp);
  const peril = totals(g);
  const limit = g.hero ? heroCard(g.hero)!.threshold : Infinity;
  // The next attack lands on someone else's turn (or mine, one round later):
  // the attacker is, on average, not the victim.
  const rivalShare = 1 / Math.max(1, P - 1);
  g.hordes.forEach((horde, col) => {
    if (!horde.length) return;
    const danger = risk(limit - peril[col]!);
    const target = danger > 0 ? closest(g, col) : null;
    for (const id of horde) {
      const f = factsOf(id);
      const worth = f.card.vp + (g.vpOn[id] ?? 0);
      if (id === target) {
        add(f.seat, worth * (1 - danger));
        for (let s = 0; s < P; s++) if (s !== f.seat) add(s, 2 * danger * rivalShare);
      } else {
        add(f.seat, worth);
      }
    }
  });
  // Location control as if every horde escaped now, discounted where hordes may still change.
  g.locations.forEach((loc, col) => {
    const seat = controller(g, col, [...g.havens[col]!, ...g.hordes[col]!]);
    if (seat !== null) add(seat, locationSide(loc)!.vp * (g.hordes[col]!.length ? 0.6 : 0.85));
  });
  return est;
}

/** This seat's estimated lead: its score against the best and the average rival. */
export function evaluate(g: GameState, seat: Seat): number {
  const est = estimate(g);
  let best = -Infinity;
  let sum = 0;
  for (let s = 0; s < est.length; s++) {
    if (s === seat) continue;
    best = Math.max(best, est[s]!);
    sum += est[s]!;
  }
  const lead = est[seat]! - (0.6 * best + (0.4 * sum) / (est.length - 1));
  if (g.over) return lead + (g.result!.winner === seat ? 10 : 0);
  return lead;
}
