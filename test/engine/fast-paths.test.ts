// The engine's fast paths answer exactly what the plain ones do, in every position of many random
// games: peril totals in one pass against the sums of `perils`, one horde's protection against
// the whole zone's.
import { describe, expect, it } from 'vitest';
import { createGame, moveAt, moveCount, perils, protections, seedOfInteger, step, totals } from '../../shared/engine';
import { protectionsOf } from '../../shared/engine/board';
import { sameAs } from './helpers';
import { games } from './sizes';

function lcg(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) % n;
  };
}

const GAMES = games(400, 40);

describe('fast paths', () => {
  it(`agree with the plain queries in every position of ${GAMES} random games`, () => {
    let positions = 0;
    let withAura = 0;
    let withShield = 0;
    for (let i = 0; i < GAMES; i++) {
      const g = createGame({ players: 2 + (i % 3), seed: i % 2 ? seedOfInteger(i) : i });
      const pick = lcg(i + 17);
      while (!g.over) {
        const p = perils(g);
        sameAs(totals(g), totals(g, p));
        const prot = protections(g);
        for (let col = 0; col < g.hordes.length; col++) sameAs(protectionsOf(g, col), prot[col], `column ${col}`);
        const zone = g.hordes.flat();
        if (zone.some((id) => id.endsWith(':cowering-goblin'))) withAura++;
        if (prot.some((col) => col.some(Boolean))) withShield++;
        positions++;
        step(g, moveAt(g, pick(moveCount(g))));
      }
    }
    // The cases the fast paths treat apart did come up.
    expect(withAura).toBeGreaterThan(positions / 10);
    expect(withShield).toBeGreaterThan(positions / 10);
  });
});
