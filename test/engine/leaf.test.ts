// The search's fitted leaf (shared/bots/leaf.ts): a chance, certain at the end, only where a
// fit exists, and it tells the eventual winner from the others better than chance.
import { describe, expect, it } from 'vitest';
import { botNonce, clone, createGame, heroDeckSize, Keystream, seedOfInteger, step, view, type Action, type GameState } from '../../shared/engine';
import { greedyBot } from '../../shared/bots/greedy';
import { heroesLeft, winChance } from '../../shared/bots/evaluate';
import { LEAVES, leafChance } from '../../shared/bots/leaf';

/** Greedy games with a position at every change of decider. */
function games(players: number, n: number, seed: number): { at: GameState[]; end: GameState }[] {
  return Array.from({ length: n }, (_, i) => {
    const g = createGame({ players, seed: seedOfInteger(seed + i) });
    const rng = new Keystream(seedOfInteger(seed + 100 + i), botNonce(0, 0));
    const at: GameState[] = [];
    let last = -1;
    while (!g.over) {
      const seat = g.pending!.seat;
      if (seat !== last) at.push(clone(g));
      last = seat;
      step(g, { ...greedyBot(view(g, seat), rng), seat } as Action);
    }
    return { at, end: g };
  });
}

describe('leafChance', () => {
  const four = games(4, 12, 4100);

  it('has a constant and a spread for every number of heroes left', () => {
    for (const [players, leaf] of Object.entries(LEAVES)) {
      expect(leaf.self.bias).toHaveLength(heroDeckSize(Number(players)) + 1);
      expect(leaf.rival.bias).toHaveLength(heroDeckSize(Number(players)) + 1);
      expect(leaf.spread).toHaveLength(heroDeckSize(Number(players)) + 1);
      for (const s of leaf.spread) expect(s).toBeGreaterThan(0);
    }
    expect(LEAVES[4]).toBeDefined();
  });

  it('is a chance while the game runs, and certain once it is over', () => {
    for (const { at, end } of four) {
      for (const g of at) for (let s = 0; s < 4; s++) {
        const p = leafChance(g, s);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(1);
      }
      for (let s = 0; s < 4; s++) expect(leafChance(end, s)).toBe(end.result!.winner === s ? 1 : 0);
    }
  });

  it('gives the eventual winner more than a fair share with two heroes or fewer left', () => {
    let winner = 0, others = 0, n = 0;
    for (const { at, end } of four) for (const g of at.filter((g) => heroesLeft(g) <= 2)) {
      n++;
      for (let s = 0; s < 4; s++) {
        if (s === end.result!.winner) winner += leafChance(g, s);
        else others += leafChance(g, s) / 3;
      }
    }
    expect(n).toBeGreaterThan(50);
    expect(winner / n).toBeGreaterThan(0.3);
    expect(winner / n).toBeGreaterThan(2 * (others / n));
  });

  it('is the plain win chance where no fit exists', () => {
    expect(LEAVES[2]).toBeUndefined();
    for (const { at } of games(2, 3, 4200)) for (const g of at) for (let s = 0; s < 2; s++) {
      expect(leafChance(g, s)).toBe(winChance(g, s));
    }
  });
});
