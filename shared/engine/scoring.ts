// End of game (R20), location control (R21), final score (R22) and winner (R23).
import { locationSide } from './catalog';
import { tally } from './control';
import { factsOf } from './registry';
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
    if (!horde.length) continue;
    let names = ''; // built as it goes, as an escape's line
    for (let i = 0; i < horde.length; i++) {
      const id = horde[i]!;
      toHaven(g, id, col);
      names += i ? `, ${minion(g, id)}` : minion(g, id);
    }
    say(g, `${names} ${horde.length === 1 ? 'retreats' : 'retreat'} to ${place(g, col)}.`);
  }
  g.over = true;
  g.result = score(g, finalTurn);
  const r = g.result;
  if (g.standInMoves) r.standInMoves = g.standInMoves.slice();
  say(g, `Final scores: ${r.scores.map((s, seat) => `${who(g, seat)} ${s}`).join(', ')}. ${who(g, r.winner)} wins!`);
}

export function score(g: GameState, finalTurn: Seat): Result {
  const P = g.players;
  // Plain loops: Array.from and forEach take the generic paths, and this runs once a game over
  // every minion in the havens (one facts lookup each).
  const breakdown: Result['breakdown'] = [];
  for (let s = 0; s < P; s++) breakdown.push({ minions: 0, locations: 0, tokens: g.heldVP[s]! });
  // Keyed by location ids, a different set and order each game: dictionaries from birth, as the
  // token maps are (ops.ts tokenMap), or every game's result takes hidden classes of its own.
  const control = Object.create(null) as Record<string, Seat | null>;
  const tallies = Object.create(null) as Record<string, (number | null)[]>;
  for (let col = 0; col < g.havens.length; col++) {
    const haven = g.havens[col]!;
    for (let i = 0; i < haven.length; i++) {
      const f = factsOf(haven[i]!);
      breakdown[f.seat]!.minions += f.card.vp;
    }
    const t = tally(g, col);
    const seat = t.seat;
    const loc = g.locations[col]!;
    control[loc] = seat;
    tallies[loc] = t.totals;
    if (seat !== null) breakdown[seat]!.locations += locationSide(loc)!.vp;
  }
  const scores: number[] = [];
  let best = -Infinity;
  for (const b of breakdown) {
    const score = b.minions + b.locations + b.tokens;
    scores.push(score);
    if (score > best) best = score;
  }
  let winner = 0;
  // R23: the first tied seat after the final turn's player, who comes last.
  for (let i = 1; i <= P; i++) {
    const seat = (finalTurn + i) % P;
    if (scores[seat] === best) { winner = seat; break; }
  }
  return { scores, control, winner, breakdown, tallies };
}
