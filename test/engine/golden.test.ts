// Behaviour is frozen while the engine is made faster: every golden game (golden-games.ts) must
// show every viewer exactly what the reference engine showed, and end in the same state.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GOLDEN_GAMES, playGolden, type GameHashes } from './golden-games';
import { MUTATION_RUN } from './sizes';

const golden = JSON.parse(readFileSync(new URL('./golden.json', import.meta.url), 'utf8')) as { games: GameHashes[] };

describe('golden games', () => {
  it(`hold all ${GOLDEN_GAMES} games`, () => {
    expect(golden.games).toHaveLength(GOLDEN_GAMES);
  });
  it('show every viewer what the reference engine showed, and end in the same state', () => {
    const wrong: string[] = [];
    // The mutation run plays every tenth game and stops at the first that differs.
    for (let i = 0; i < GOLDEN_GAMES && !(MUTATION_RUN && wrong.length); i += MUTATION_RUN ? 10 : 1) {
      const got = playGolden(i);
      const want = golden.games[i]!;
      if (got.actions !== want.actions || got.views !== want.views) wrong.push(`game ${i}: views differ (${got.actions} actions, ${want.actions} before)`);
      else if (got.state !== want.state) wrong.push(`game ${i}: the final state differs`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
