// R24, for everyone at the table: after every action of whole games, every viewer's view (each
// seat's, and the spectators') names none of the cards hidden from that viewer (the other hands,
// every deck, the hero deck), and dealing every hidden card again (each hand it may not see
// shuffled with its deck, its own deck reordered, the hero deck drawn again) changes nothing in
// it: no order, count or trace leaks. The bots' test (bots.test.ts) looks at the deciding seat's
// view alone; a leak to whoever is waiting, or to a spectator, is caught here.
import { describe, expect, it } from 'vitest';
import {
  createGame, legalMoves, seedOfInteger, step, view, viewsOf,
  type Action, type GameState, type Mulberry32, type Seat,
} from '../../shared/engine';
import { dealtAgain, sameAs } from './helpers';
import { games } from './sizes';

/** Per player count, half of them dealt from hex seeds as new matches are. */
const GAMES = games(6, 2);

/** Every card `viewer` may not see: the hands but its own (all of them for a spectator), every deck, the hero deck. */
function hiddenFrom(g: GameState, viewer: Seat | null): string[] {
  return [...g.hands.flatMap((hand, s) => (s === viewer ? [] : hand)), ...g.decks.flat(), ...g.heroDeck];
}

describe('hidden cards', () => {
  for (const players of [2, 3, 4]) {
    it(`${players} players: no view of any viewer names a card hidden from it, or changes when they are dealt again, in ${GAMES} whole games`, () => {
      const rng: Mulberry32 = { s: 7919 * players };
      const viewers: (Seat | null)[] = [null, ...Array.from({ length: players }, (_, s) => s)];
      let looked = 0;
      let differed = 0;
      for (let i = 0; i < GAMES; i++) {
        const seed = i % 2 ? seedOfInteger(1000 * players + i) : 1000 * players + i;
        // Some begin with the location sides chosen at the table: the deal waits for them.
        const g = createGame({ players, seed, ...(i % 3 === 0 ? { locations: 'choose' as const } : {}) });
        while (!g.over) {
          const views = viewsOf(g);
          for (const viewer of viewers) {
            const text = JSON.stringify(views(viewer));
            const hidden = hiddenFrom(g, viewer);
            // One expect() a view, not one a hidden card: its own cost was a quarter of the file's time.
            expect(hidden.filter((id) => text.includes(`"${id}"`)), `viewer ${viewer} at version ${g.version}`).toEqual([]);
            const other = dealtAgain(g, viewer, rng);
            if (JSON.stringify(hiddenFrom(other, viewer)) !== JSON.stringify(hidden)) differed++;
            sameAs(JSON.stringify(view(other, viewer)), text, `viewer ${viewer} at version ${g.version}`);
            looked++;
          }
          const moves = legalMoves(g);
          rng.s = (Math.imul(rng.s, 1103515245) + 12345) >>> 0;
          step(g, { ...moves[(rng.s >>> 8) % moves.length]!, seat: g.pending!.seat } as Action);
        }
      }
      // The check really met views, and hidden cards that really moved.
      expect(looked).toBeGreaterThan(GAMES * 20 * viewers.length);
      expect(differed).toBeGreaterThan(looked / 2);
    });
  }
});
