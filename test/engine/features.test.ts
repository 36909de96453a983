// The estimate's features (shared/bots/evaluate.ts) take shortcuts that must not change what
// they count: a deck's VP is read from everything else its seat owns when that is shorter
// (wherever the minions are: hands, hordes, havens, discards, defeated in an attack under
// way), and control from the tallies made while reading the zone, as the engine's R21 says.
import { describe, expect, it } from 'vitest';
import { control, createGame, instance, legalMoves, locationSide, random, step, type Action, type GameState } from '../../shared/engine';
import { F, FEATURES, features } from '../../shared/bots/evaluate';

/** Location VP by seat and margin (1, 2, 3+), with each horde counted as if it escaped now: the engine's R21. */
function controlVP(g: GameState): number[] {
  const out = new Array<number>(g.players * 3).fill(0);
  for (let c = 0; c < g.hordes.length; c++) {
    const { seat, lead } = control(g, c, true);
    if (seat === null) continue;
    out[seat * 3 + Math.max(1, Math.min(3, Math.round(lead))) - 1]! += locationSide(g.locations[c]!)!.vp;
  }
  return out;
}

describe('features', () => {
  it.each([2, 3, 4])('count each deck at its printed VP and control as R21 (%i players)', (players) => {
    let attacks = 0;
    let checked = 0;
    for (let i = 0; i < 15; i++) {
      const g = createGame({ players, seed: 7100 + i });
      const rng = { s: 7100 * 31 + i };
      while (!g.over) {
        const x = features(g);
        const vp = controlVP(g);
        for (let s = 0; s < players; s++) {
          for (let m = 0; m < 3; m++) {
            const o = s * FEATURES + m;
            expect(x[o + F.open]! + x[o + F.settled]!).toBe(vp[s * 3 + m]);
          }
          const deck = g.decks[s]!.reduce((sum, id) => sum + instance(id)!.card.vp, 0);
          expect(x[s * FEATURES + F.deck]).toBe(deck);
          checked++;
        }
        if (g.attack?.defeated.length) attacks++;
        const moves = legalMoves(g);
        step(g, { ...moves[Math.floor(random(rng) * moves.length)]!, seat: g.pending!.seat } as Action);
      }
    }
    // Positions in mid-attack with minions defeated, where the defeated count too.
    expect(attacks).toBeGreaterThan(0);
    expect(checked).toBeGreaterThan(1000);
  });
});
