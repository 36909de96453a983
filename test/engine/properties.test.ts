// Properties of whole games: 5,000 seeded random games for each player count (PROPERTY_GAMES for more),
// every invariant checked after every action.
import { describe, expect, it } from 'vitest';
import {
  apply, clone, createGame, legalMoves, MINIONS, moveAt, moveCount, PERIL_SUPPLY, refuse, step, type Action, type GameState,
} from '../../shared/engine';
import { sameAs } from './helpers';
import { games } from './sizes';

// 5,000 a count, not 10,000: npm test must end within 6 minutes on 2 cores (docs/TESTING.md,
// "How big"); the same seeds, so a run with PROPERTY_GAMES=10000 plays these and as many more.
const GAMES = Number(process.env.PROPERTY_GAMES) || games(5_000, 100);

/** Uniform over the legal moves, from a tiny seeded generator. */
function chooser(seed: number) {
  let s = seed >>> 0;
  return (g: GameState): Action => {
    const moves = legalMoves(g);
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return { ...moves[(s >>> 8) % moves.length]!, seat: g.pending!.seat } as Action;
  };
}

/** Where minions are: each zone's name and its lists (one per seat or location; the attack's
 * defeated one list). */
const zones = (g: GameState): [string, readonly (readonly string[])[]][] => [
  ['hand', g.hands], ['deck', g.decks], ['discard', g.discards], ['horde', g.hordes], ['haven', g.havens],
  ['defeated', [g.attack?.defeated ?? []]],
];

/** Every minion of every deck in exactly one place; returns a description of the first fault.
 * Counted in one pass over a set (a million states); the places are named only for a fault. */
function placesFault(g: GameState): string | null {
  const seen = new Set<string>();
  let count = 0;
  for (const [, lists] of zones(g)) for (const ids of lists) for (const id of ids) { seen.add(id); count++; }
  if (seen.size !== count) {
    const where = new Map<string, string>();
    for (const [zone, lists] of zones(g)) {
      for (const [i, ids] of lists.entries()) {
        const name = zone === 'defeated' ? zone : `${zone} ${i}`;
        for (const id of ids) {
          if (where.has(id)) return `${id} is both in ${where.get(id)} and ${name}`;
          where.set(id, name);
        }
      }
    }
  }
  const expected = g.players * MINIONS.length;
  return seen.size === expected ? null : `${seen.size} minions in play, expected ${expected}`;
}

function tokensFault(g: GameState): string | null {
  let onMinions = 0;
  for (const id in g.perilOn) onMinions += g.perilOn[id]!;
  if (onMinions + g.perilSupply !== PERIL_SUPPLY) return `${onMinions} peril tokens on minions + ${g.perilSupply} in supply`;
  for (const on of [g.perilOn, g.vpOn]) {
    for (const id in on) if (!g.hordes.some((h) => h.includes(id))) return `tokens on ${id}, which is not in the horde zone`;
  }
  return null;
}

describe.each([2, 3, 4])('%i-player random games', (players) => {
  it(`keeps every invariant in ${GAMES} seeded games`, () => {
    let shortGames = 0;
    for (let i = 0; i < GAMES; i++) {
      const seed = players * 1_000_003 + i;
      const g = createGame({ players, seed });
      const pick = chooser(seed);
      let guard = 0;
      while (!g.over) {
        const a = pick(g);
        // Checked by hand, not by expect(): a million actions, and expect's own cost was most of the time.
        const refused = refuse(g, a);
        if (refused) throw new Error(`game ${seed}, action ${g.version}: a legal move refused: ${refused.message}`);
        step(g, a);
        const fault = placesFault(g) ?? tokensFault(g);
        if (fault) throw new Error(`game ${seed}, action ${g.version}: ${fault}`);
        if (++guard > 500) throw new Error(`game ${seed} does not end`);
      }
      const r = g.result!;
      // Exactly P+3 attacks, unless the game ended because nobody held a card (R17, R19).
      if (g.attacks !== players + 3) {
        expect(g.hands.every((h) => h.length === 0), `game ${seed}: ${g.attacks} attacks`).toBe(true);
        shortGames++;
      }
      r.scores.forEach((score, s) => {
        const b = r.breakdown[s]!;
        expect(score).toBe(b.minions + b.locations + b.tokens);
      });
      expect(Math.max(...r.scores)).toBe(r.scores[r.winner]);
      expect(g.hordes.every((h) => h.length === 0)).toBe(true);
    }
    // The catalogue's balance notes: running out of cards is rare.
    expect(shortGames).toBeLessThan(GAMES * 0.05);
  }, 300_000);

  it('replays (setup, actions) to exactly the same final state', () => {
    for (let i = 0; i < games(300, 20); i++) {
      const setup = { players, seed: 77 + i * 13 };
      let g = createGame(setup);
      const pick = chooser(i);
      const actions: Action[] = [];
      while (!g.over) {
        const a = pick(g);
        actions.push(a);
        const r = apply(g, a);
        if (!r.ok) throw new Error(r.error.message);
        g = r.state;
      }
      const replay = createGame(setup);
      for (const a of actions) step(replay, a);
      expect(JSON.stringify(replay)).toBe(JSON.stringify(g));
      // Plain JSON: a round trip through text changes nothing.
      expect(JSON.parse(JSON.stringify(g))).toEqual(g);
    }
  });
});

describe('moveAt and moveCount', () => {
  it('enumerate exactly legalMoves, in order', () => {
    for (let i = 0; i < games(100, 15); i++) {
      const g = createGame({ players: 2 + (i % 3), seed: 4000 + i });
      const pick = chooser(i);
      while (!g.over) {
        const moves = legalMoves(g);
        expect(moveCount(g)).toBe(moves.length);
        moves.forEach((m, k) => sameAs(moveAt(g, k), { ...m, seat: g.pending!.seat }));
        step(g, pick(g));
      }
      expect(moveCount(g)).toBe(0);
    }
  });
});

describe('apply', () => {
  it('never touches the state it is given, applied or refused', () => {
    for (let i = 0; i < games(200, 20); i++) {
      let g = createGame({ players: 2 + (i % 3), seed: 9000 + i });
      const pick = chooser(i);
      while (!g.over) {
        const before = JSON.stringify(g);
        const wrongSeat = { ...pick(g), seat: (g.pending!.seat + 1) % g.players } as Action;
        expect(apply(g, wrongSeat).ok).toBe(false);
        const r = apply(g, pick(clone(g)));
        expect(JSON.stringify(g)).toBe(before);
        if (!r.ok) throw new Error(r.error.message);
        g = r.state;
      }
    }
  });
});
