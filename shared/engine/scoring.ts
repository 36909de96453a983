// End of game (R20), location control (R21), final score (R22) and winner (R23).
import { locationSide } from './catalog';
import { locationHooks } from './board';
import { cardOf, ownerOf } from './ids';
import { minion, place, say, toHaven, who } from './ops';
import type { GameState, Result, Seat } from './types';

/** The game ends: the horde zone empties into the havens (not an escape), then scoring. */
export function endGame(g: GameState, finalTurn: Seat): void {
  g.tasks = [];
  g.pending = null;
  say(g, 'The game ends.');
  for (let col = 0; col < g.hordes.length; col++) {
    const horde = g.hordes[col]!;
    g.hordes[col] = [];
    for (const id of horde) toHaven(g, id, col);
    if (horde.length) {
      say(g, `${horde.map((id) => minion(g, id)).join(', ')} ${horde.length === 1 ? 'retreats' : 'retreat'} to ${place(g, col)}.`);
    }
  }
  g.over = true;
  g.result = score(g, finalTurn);
  const r = g.result;
  if (g.standInMoves) r.standInMoves = g.standInMoves.slice();
  say(g, `Final scores: ${r.scores.map((s, seat) => `${who(g, seat)} ${s}`).join(', ')}. ${who(g, r.winner)} wins!`);
}

interface Tally { totals: (number | null)[]; count: number[] }

/**
 * Each seat's total at the location of column `col` (R21): the printed peril of its minions in
 * the haven, or what the location counts instead; null for a seat that does not compete (no
 * minion there, or fewer than the location asks). `count`: minions per seat.
 */
function tally(g: GameState, col: number): Tally {
  const rule = locationHooks(g, col).control ?? {};
  const count = new Array<number>(g.players).fill(0);
  const total = new Array<number>(g.players).fill(0);
  for (const id of g.havens[col]!) {
    const seat = ownerOf(id);
    const card = cardOf(id);
    count[seat] = count[seat]! + 1;
    total[seat] = total[seat]! + (rule.weight ? rule.weight(card) : card.peril);
  }
  return { totals: total.map((t, s) => (count[s]! >= (rule.minMinions ?? 1) ? t : null)), count };
}

/** Who controls the location of column `col` (R21), from its tally, or null. */
function controller(g: GameState, col: number, { totals, count }: Tally): Seat | null {
  const rule = locationHooks(g, col).control ?? {};
  const competitors = totals.map((_, s) => s).filter((s) => totals[s] !== null);
  if (!competitors.length) return null;
  const pick = rule.lowest ? Math.min : Math.max;
  const best = pick(...competitors.map((s) => totals[s]!));
  let tied = competitors.filter((s) => totals[s] === best);
  if (tied.length > 1 && rule.tieByCount) {
    const most = Math.max(...tied.map((s) => count[s]!));
    tied = tied.filter((s) => count[s] === most);
  }
  return tied.length === 1 ? tied[0]! : null;
}

export function score(g: GameState, finalTurn: Seat): Result {
  const P = g.players;
  const breakdown = Array.from({ length: P }, (_, s) => ({ minions: 0, locations: 0, tokens: g.heldVP[s]! }));
  const control: Record<string, Seat | null> = {};
  const tallies: Record<string, (number | null)[]> = {};
  g.havens.forEach((haven, col) => {
    for (const id of haven) breakdown[ownerOf(id)]!.minions += cardOf(id).vp;
    const t = tally(g, col);
    const seat = controller(g, col, t);
    const loc = g.locations[col]!;
    control[loc] = seat;
    tallies[loc] = t.totals;
    if (seat !== null) breakdown[seat]!.locations += locationSide(loc)!.vp;
  });
  const scores = breakdown.map((b) => b.minions + b.locations + b.tokens);
  const best = Math.max(...scores);
  let winner = 0;
  // R23: the first tied seat after the final turn's player, who comes last.
  for (let i = 1; i <= P; i++) {
    const seat = (finalTurn + i) % P;
    if (scores[seat] === best) { winner = seat; break; }
  }
  return { scores, control, winner, breakdown, tallies };
}
