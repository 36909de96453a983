// Helpers for the engine's behaviour tests: build exact positions tersely,
// play actions (throwing with the engine's own message when one is refused),
// and read the board. Nothing here knows a rule: every expectation in the
// tests is worked out by hand from docs/RULES.md.
import { expect } from 'vitest';
import { apply, clone, createGame, HEROES, PERIL_SUPPLY, shuffle, type Action, type GameState, type Rng, type Seat } from '../../shared/engine';
import { hordePeril, isProtected } from '../../shared/engine/board';
import { placeBoard } from '../../harness/board';

export { hordePeril, isProtected, PERIL_SUPPLY };

export interface Spec {
  /** 2, 3 or 4 (default 2). */
  players?: number;
  /** Location sides, left to right (P+1). */
  locations: string[];
  /** Hero deck, top first (the first is revealed). Default: Sir Roderick (9), then Lark. */
  heroes?: string[];
  /** Per seat, kind ids in hand. */
  hands: string[][];
  /** Per seat, kind ids in draw order (null: the rest in catalogue order). */
  decks?: (string[] | null)[];
  first?: number;
  /**
   * Minions already in the horde zone before the first turn, front first, as
   * instance ids. They are taken out of their owners' decks (never from a hand).
   */
  hordes?: Record<string, string[]>;
  /** Minions already in safe havens (also taken out of the decks). */
  havens?: Record<string, string[]>;
  /** Minions already in discard piles (also taken out of the decks). */
  discards?: string[];
  /** VP tokens on minions in the horde zone. */
  vp?: Record<string, number>;
  /** Peril tokens on minions in the horde zone; the supply is 10 minus these. */
  peril?: Record<string, number>;
  /** VP already held by each seat. */
  held?: number[];
}

/**
 * A game at an exact position. The first turn has started (its `play` is pending)
 * when the position is put in place, so the position is what the first player sees.
 */
export function game(spec: Spec): GameState {
  const players = spec.players ?? 2;
  const g = createGame({
    players,
    seed: 0,
    locations: spec.locations,
    heroes: spec.heroes ?? ['sir-roderick', 'lark-songweaver'],
    hands: spec.hands,
    decks: spec.decks,
    first: spec.first ?? 0,
  });
  if (g.pending?.kind !== 'play' || g.pending.seat !== (spec.first ?? 0)) {
    throw new Error(`test setup: expected the first seat's play, got ${JSON.stringify(g.pending)}`);
  }
  const tokens: Record<string, { vp?: number; peril?: number }> = {};
  for (const [id, n] of Object.entries(spec.vp ?? {})) tokens[id] = { ...tokens[id], vp: n };
  for (const [id, n] of Object.entries(spec.peril ?? {})) tokens[id] = { ...tokens[id], peril: n };
  try {
    placeBoard(g, { hordes: spec.hordes, havens: spec.havens, discards: spec.discards, tokens, vp: spec.held },
      Array.from({ length: players }, (_, s) => Array.isArray(spec.decks?.[s])));
  } catch (e) {
    throw new Error(`test setup: ${(e as Error).message}`);
  }
  return g;
}

/** An instance id: a kind id alone is taken as the given seat's card. */
const id = (seat: number, card: string) => (card.includes(':') ? card : `${seat}:${card}`);

/** Apply an action; throws with the engine's message if it is refused. Never mutates `g`. */
export function act(g: GameState, action: Action): GameState {
  const before = JSON.stringify(g);
  const r = apply(g, action);
  if (JSON.stringify(g) !== before) throw new Error('apply mutated its input state');
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.state;
}

export const play = (g: GameState, seat: number, card: string, location: string): GameState =>
  act(g, { type: 'play', seat, card: id(seat, card), location });

export const choose = (g: GameState, seat: number, option: string): GameState =>
  act(g, { type: 'choose', seat, option });

/** Asserts the action is refused (with `code` if given) and that the state did not change. */
export function refused(g: GameState, action: Action, code?: string): void {
  const before = JSON.stringify(g);
  const r = apply(g, action);
  expect(r.ok, `expected ${JSON.stringify(action)} to be refused`).toBe(false);
  if (!r.ok && code) expect(r.error.code).toBe(code);
  expect(JSON.stringify(g)).toBe(before);
}

export const col = (g: GameState, loc: string): number => {
  const c = g.locations.indexOf(loc);
  if (c < 0) throw new Error(`${loc} is not in play`);
  return c;
};
export const horde = (g: GameState, loc: string): string[] => g.hordes[col(g, loc)]!;
export const haven = (g: GameState, loc: string): string[] => [...g.havens[col(g, loc)]!].sort();
export const peril = (g: GameState, loc: string): number => hordePeril(g, col(g, loc));
export const vpOn = (g: GameState, card: string): number => g.vpOn[card] ?? 0;
export const perilOn = (g: GameState, card: string): number => g.perilOn[card] ?? 0;
export const sorted = (a: readonly string[]): string[] => [...a].sort();

/**
 * `expect(actual).toEqual(expected)` for a check made in a hot loop: compared as JSON first, and
 * expect() called only to say a difference (its own cost was most of some files' time).
 */
export function sameAs<T>(actual: T, expected: T, message?: string): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) expect(actual, message).toEqual(expected);
}
/** Is the minion `card` protected where it stands? */
export function prot(g: GameState, card: string): boolean {
  for (let c = 0; c < g.hordes.length; c++) {
    const r = g.hordes[c]!.indexOf(card);
    if (r >= 0) return isProtected(g, c, r);
  }
  throw new Error(`${card} is not in the horde zone`);
}

/** The pending decision as { seat, kind, options (sorted) }, or null. */
export function pending(g: GameState): { seat: number; kind: string; options: string[] } | null {
  const p = g.pending;
  return p && !g.over ? { seat: p.seat, kind: p.kind, options: sorted(p.options) } : null;
}

/** Shorthand: the next ordinary turn is `seat`'s play. */
export function expectPlay(g: GameState, seat: number): void {
  expect(pending(g)).toEqual({ seat, kind: 'play', options: [] });
}

/** Shorthand: `seat` must answer `kind` with exactly these options (any order). */
export function expectAsk(g: GameState, seat: number, kind: string, options: string[]): void {
  expect(pending(g)).toEqual({ seat, kind, options: sorted(options) });
}

/** Total peril tokens anywhere in the horde zone plus the supply: always 10. */
export function perilConserved(g: GameState): void {
  const onMinions = Object.values(g.perilOn).reduce((a, b) => a + b, 0);
  expect(onMinions + g.perilSupply).toBe(PERIL_SUPPLY);
}

/** Each seat's discard pile, sorted (the rules give no order inside a pile). */
export const discards = (g: GameState): string[][] => g.discards.map(sorted);

/**
 * A position that ends at once (R19): seat 0 holds one Cowering Goblin and every other hand
 * and deck is empty. Seat 0 plays it to `goblinTo`; at the start of the next turn nobody
 * holds a card, so the game ends and is scored.
 */
export function endAfterGoblin(spec: Omit<Spec, 'hands' | 'decks'>, goblinTo: string): GameState {
  const P = spec.players ?? 2;
  const g = game({
    ...spec,
    hands: Array.from({ length: P }, (_, s) => (s === 0 ? ['cowering-goblin'] : [])),
    decks: Array.from({ length: P }, () => []),
  });
  const end = play(g, 0, 'cowering-goblin', goblinTo);
  expect(end.over).toBe(true);
  return end;
}

/**
 * The same game with every card hidden from `viewer` dealt again (null: a spectator, who sees no
 * hand): other hands shuffled with their decks, the viewer's own deck reordered, the hero deck
 * drawn again; the sizes of hands and decks kept.
 */
export function dealtAgain(g: GameState, viewer: Seat | null, rng: Rng): GameState {
  const h = clone(g);
  for (let s = 0; s < h.players; s++) {
    if (s === viewer) {
      h.decks[s] = shuffle(rng, h.decks[s]!.slice());
    } else {
      const pool = shuffle(rng, [...h.hands[s]!, ...h.decks[s]!]);
      h.hands[s] = pool.slice(0, h.hands[s]!.length);
      h.decks[s] = pool.slice(h.hands[s]!.length);
    }
  }
  const seen = new Set([...h.pastHeroes, ...(h.hero ? [h.hero] : [])]);
  h.heroDeck = shuffle(rng, HEROES.map((x) => x.id).filter((id) => !seen.has(id))).slice(0, h.heroDeck.length);
  return h;
}
