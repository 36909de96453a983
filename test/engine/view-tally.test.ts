// A view's locations[].tally is the engine's own count toward control (R21), so a client shows
// who leads a haven without adding peril up itself: at the end it is exactly the result's tallies.
import { describe, expect, it } from 'vitest';
import { BOTS } from '../../shared/bots';
import { playGame } from '../../shared/bots/play';
import { view } from '../../shared/engine';

describe('locations[].tally', () => {
  it('equals the final scoring\'s tallies, location by location, for every viewer', () => {
    for (let i = 0; i < 12; i++) {
      const players = 2 + (i % 3);
      const { state } = playGame({ players, seed: 40 + i }, Array.from({ length: players }, () => BOTS.random), i);
      for (const viewer of [null, 0]) {
        const v = view(state, viewer);
        expect(Object.fromEntries(v.locations.map((l) => [l.id, l.tally]))).toEqual(state.result!.tallies);
      }
    }
  });
});
