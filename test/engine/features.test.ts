// The estimate's features (shared/bots/evaluate.ts) read a deck's VP from everything else a
// seat owns when that is shorter: it must equal the deck's own printed VP, wherever the
// minions are (hands, hordes, havens, discards, defeated in an attack under way).
import { describe, expect, it } from 'vitest';
import { createGame, instance, legalMoves, random, step, type Action } from '../../shared/engine';
import { F, FEATURES, features } from '../../shared/bots/evaluate';

describe('features', () => {
  it.each([2, 3, 4])('count each deck at its printed VP (%i players)', (players) => {
    let attacks = 0;
    let checked = 0;
    for (let i = 0; i < 15; i++) {
      const g = createGame({ players, seed: 7100 + i });
      const rng = { s: 7100 * 31 + i };
      while (!g.over) {
        const x = features(g);
        for (let s = 0; s < players; s++) {
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
