// The bots (shared/bots): they decide from their own seat's view alone, the worlds they
// imagine agree with that view, and the levels are ordered (a quick smoke test; the real
// measurements are `npm run simulate` and docs/BOTS.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clone, createGame, legalMoves, MINIONS, random, step, view,
  type Action, type GameState, type Move, type Rng, type Seat, type View,
} from '../../shared/engine';
import { BOTS, type Bot, type BotLevel } from '../../shared/bots';
import { playGame } from '../../shared/bots/play';
import { determinize } from '../../shared/bots/world';
import { dealtAgain } from './helpers';
import { race, searchWith } from '../../shared/bots/search';

// The search stops early on a wall-clock cap in matches; tests turn the cap off so a
// decision depends on the view and the rng only.
const cap = process.env.DARKMOOR_SEARCH_MS;
beforeAll(() => { process.env.DARKMOOR_SEARCH_MS = '0'; });
afterAll(() => {
  if (cap === undefined) delete process.env.DARKMOOR_SEARCH_MS;
  else process.env.DARKMOOR_SEARCH_MS = cap;
});

/** Uniform moves from a tiny seeded generator, to reach all kinds of positions. */
function wander(g: GameState, rng: Rng): void {
  const moves = legalMoves(g);
  step(g, { ...moves[Math.floor(random(rng) * moves.length)]!, seat: g.pending!.seat } as Action);
}

/** Positions where someone must decide, from random games: every `every`-th decision. */
function positions(players: number, games: number, every: number, seed: number): GameState[] {
  const out: GameState[] = [];
  for (let i = 0; i < games; i++) {
    const g = createGame({ players, seed: seed + i });
    const rng = { s: seed * 31 + i };
    let k = 0;
    while (!g.over) {
      if (k++ % every === i % every && (g.pending!.kind === 'play' || g.pending!.options.length > 1)) out.push(clone(g));
      wander(g, rng);
    }
  }
  return out;
}

/**
 * The same game with every hidden card dealt again: each rival's hand and deck reshuffled
 * together (same sizes), the decider's own deck reshuffled, the hero deck drawn again from
 * the heroes nobody has seen, and the engine's own rng changed.
 */
function reshuffleHidden(g: GameState, seat: Seat, rng: Rng): GameState {
  const h = dealtAgain(g, seat, rng);
  h.rng = Math.floor(random(rng) * 2 ** 32);
  return h;
}

/** Every card the seat may not see: other hands, every deck, the hero deck. */
function hiddenIds(g: GameState, seat: Seat): string[] {
  return [...g.hands.flatMap((hand, s) => (s === seat ? [] : hand)), ...g.decks.flat(), ...g.heroDeck];
}

/** A deep, frozen copy: a bot that tried to write to its view would throw. */
function frozen<T>(x: T): T {
  const copy = JSON.parse(JSON.stringify(x)) as T;
  const freeze = (o: unknown) => {
    if (o && typeof o === 'object') { Object.values(o).forEach(freeze); Object.freeze(o); }
  };
  freeze(copy);
  return copy;
}

/** Every minion of every deck in exactly one place; a description of the first fault, or null. */
function placesFault(g: GameState): string | null {
  const seen = new Map<string, string>();
  const put = (where: string, ids: string[]) => {
    for (const id of ids) {
      if (seen.has(id)) return `${id} is both in ${seen.get(id)} and ${where}`;
      seen.set(id, where);
    }
    return null;
  };
  const fault = [
    ...g.hands.map((x, s) => put(`hand ${s}`, x)), ...g.decks.map((x, s) => put(`deck ${s}`, x)),
    ...g.discards.map((x, s) => put(`discard ${s}`, x)), ...g.hordes.map((x, c) => put(`horde ${c}`, x)),
    ...g.havens.map((x, c) => put(`haven ${c}`, x)), put('defeated', g.attack?.defeated ?? []),
  ].find((f) => f);
  if (fault) return fault;
  for (let s = 0; s < g.players; s++) {
    for (const m of MINIONS) if (!seen.has(`${s}:${m.id}`)) return `${s}:${m.id} is nowhere`;
  }
  return seen.size === g.players * MINIONS.length ? null : `${seen.size} minions, expected ${g.players * MINIONS.length}`;
}

const LEVELS = Object.keys(BOTS) as BotLevel[];

describe('bots decide from their own seat view alone', () => {
  for (const players of [2, 3, 4]) {
    it(`${players} players: a view shows no hidden card, and changing every hidden card changes neither the view nor any bot's move`, () => {
      const rng = { s: 4242 + players };
      let checked = 0;
      for (const g of positions(players, 2, 8, 100 * players)) {
        const seat = g.pending!.seat;
        const v = view(g, seat);
        const text = JSON.stringify(v);
        for (const id of hiddenIds(g, seat)) expect(text).not.toContain(`"${id}"`);
        const other = reshuffleHidden(g, seat, rng);
        // The hidden cards really differ...
        expect(JSON.stringify(hiddenIds(other, seat))).not.toBe(JSON.stringify(hiddenIds(g, seat)));
        // ...yet the seat sees the same thing,
        expect(JSON.stringify(view(other, seat))).toBe(text);
        // and every bot, given the same rng, makes the same move (from a frozen copy of the view,
        // so it cannot write to it either).
        for (const level of LEVELS) {
          const seed = Math.floor(random(rng) * 2 ** 32);
          const a = BOTS[level](view(g, seat), { s: seed });
          const b = BOTS[level](frozen(view(other, seat)), { s: seed });
          expect(b, `${level} at version ${g.version}`).toEqual(a);
          expect(legalMoves(g)).toContainEqual(a);
        }
        checked++;
      }
      expect(checked).toBeGreaterThan(6);
    });
  }

  it("the search's options (pruning, longer playouts, playouts to the end, a deeper policy, halving, racing) also read the view alone, and repeat with the seed", () => {
    const variant = searchWith({ candidates: 6, work: 300, worlds: 8, ms: 0, prune: 1.5, rounds: 2, endgame: 3, depth: 3, halving: 2, race: 1 });
    const rng = { s: 977 };
    let checked = 0;
    for (const players of [2, 4]) {
      for (const g of positions(players, 1, 6, 7 * players)) {
        const seat = g.pending!.seat;
        const other = reshuffleHidden(g, seat, rng);
        const seed = Math.floor(random(rng) * 2 ** 32);
        const a = variant(view(g, seat), { s: seed });
        expect(variant(view(g, seat), { s: seed })).toEqual(a);
        expect(variant(frozen(view(other, seat)), { s: seed }), `at version ${g.version}`).toEqual(a);
        expect(legalMoves(g)).toContainEqual(a);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(6);
  });

  it('a bot is only ever handed its own seat view (play.ts)', () => {
    const seen: [Seat | null, Seat][] = [];
    const spy = (level: BotLevel): Bot => (v: View, rng: Rng): Move => {
      seen.push([v.you, v.pending!.seat]);
      expect(v.hand).toBeDefined();
      return BOTS[level](v, rng);
    };
    playGame({ players: 3, seed: 5 }, [spy('random'), spy('greedy'), spy('random')], 9);
    expect(seen.length).toBeGreaterThan(20);
    for (const [you, decider] of seen) expect(you).toBe(decider);
  });
});

describe('determinize: the worlds a bot imagines', () => {
  for (const players of [2, 3, 4]) {
    it(`${players} players: every minion in exactly one place, and the world shows the seat exactly its view`, () => {
      const rng = { s: 77 + players };
      let checked = 0;
      for (const g of positions(players, 4, 5, 300 * players)) {
        const seat = g.pending!.seat;
        const v = view(g, seat);
        for (let k = 0; k < 3; k++) {
          const w = determinize(v, rng);
          expect(placesFault(w), `version ${g.version}`).toBeNull();
          // What the seat sees of the world is what it saw of the game (the log aside).
          const wv = view(w, seat);
          expect({ ...wv, log: [], version: 0 }).toEqual({ ...v, log: [], version: 0 });
          // Hidden parts: right sizes, and only cards the view has not shown.
          for (let s = 0; s < players; s++) {
            expect(w.hands[s]!.length).toBe(g.hands[s]!.length);
            expect(w.decks[s]!.length).toBe(g.decks[s]!.length);
            expect(new Set([...w.hands[s]!, ...w.decks[s]!])).toEqual(new Set([...g.hands[s]!, ...g.decks[s]!]));
          }
          expect(w.hands[seat]).toEqual(g.hands[seat]);
          expect(w.heroDeck.length).toBe(g.heroDeck.length);
          expect(new Set(w.heroDeck).size).toBe(w.heroDeck.length);
          for (const h of w.heroDeck) expect([...w.pastHeroes, w.hero]).not.toContain(h);
          // And the world plays on to a proper end from the decision in progress.
          const rest = clone(w);
          const r = { s: k + 1 };
          let guard = 0;
          while (!rest.over && guard++ < 600) {
            wander(rest, r);
            const fault = placesFault(rest);
            if (fault) throw new Error(`world of version ${g.version}: ${fault}`);
          }
          expect(rest.over).toBe(true);
        }
        checked++;
      }
      expect(checked).toBeGreaterThan(20);
    });
  }

  it('different rng, different worlds; same rng, same world', () => {
    const g = positions(4, 1, 7, 999)[3]!;
    const v = view(g, g.pending!.seat);
    expect(determinize(v, { s: 1 })).toEqual(determinize(v, { s: 1 }));
    expect(determinize(v, { s: 1 }).hands).not.toEqual(determinize(v, { s: 2 }).hands);
  });
});

describe('the levels are ordered (smoke test)', () => {
  it('greedy beats random in most 2-player games', () => {
    let wins = 0;
    for (let i = 0; i < 40; i++) {
      const seat = i % 2;
      const bots = seat === 0 ? [BOTS.greedy, BOTS.random] : [BOTS.random, BOTS.greedy];
      const { state } = playGame({ players: 2, seed: 10_000 + i }, bots, i);
      if (state.result!.winner === seat) wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(32);
  });

  it('search beats random in 2-player games', () => {
    let wins = 0;
    for (let i = 0; i < 2; i++) {
      const seat = i % 2;
      const bots = seat === 0 ? [BOTS.search, BOTS.random] : [BOTS.random, BOTS.search];
      const { state } = playGame({ players: 2, seed: 20_000 + i }, bots, i);
      if (state.result!.winner === seat) wins++;
    }
    expect(wins).toBe(2);
  });
});

describe('search racing', () => {
  const cand = (name: string, values: number[]) =>
    ({ move: { type: 'choose' as const, option: name }, total: values.reduce((a, b) => a + b, 0), values });

  it('drops a candidate that trails the leader by more than z standard errors of their difference, and keeps a close one', () => {
    const lead = cand('lead', [0.6, 0.4, 0.7, 0.5]);
    const close = cand('close', [0.66, 0.33, 0.72, 0.41]); // trails by 0.02, the difference swings by 0.09
    const far = cand('far', [0.3, 0.25, 0.45, 0.2]); // trails by 0.25 in every world
    expect(race([close, lead, far], 1)).toEqual([close, lead]);
  });

  it('keeps every candidate while the differences are noise, and z decides how sure it must be', () => {
    const a = cand('a', [0.9, 0.1, 0.8, 0.2]);
    const b = cand('b', [0.1, 0.9, 0.5, 0.4]); // trails by 0.025 with differences of ±0.8
    expect(race([a, b], 1)).toHaveLength(2);
    const c = cand('c', [0.5, 0.45, 0.6, 0.42]);
    const d = cand('d', [0.45, 0.44, 0.5, 0.4]); // trails by 0.045, difference 0.01–0.1
    expect(race([c, d], 1)).toHaveLength(1);
    expect(race([c, d], 4)).toHaveLength(2);
  });

  it('drops a candidate that scored exactly the leader in every world (the same move as far as the worlds tell)', () => {
    const a = cand('a', [0.5, 0.2, 0.7]);
    const twin = cand('twin', [0.5, 0.2, 0.7]);
    expect(race([a, twin], 1)).toEqual([a]);
  });
});
