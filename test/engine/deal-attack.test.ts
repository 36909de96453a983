// The attack that 32-bit seeds allowed: from nothing but one seat's first view (its hand, the
// locations, the revealed hero), try every seed of a space by dealing it with the engine itself
// and comparing what that seat would see. A hit gives away every hidden card. Against an
// integer (mulberry32) seed in the space it works; against a new 256-bit ChaCha20 seed the same
// search finds nothing.
import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SLOW } from '../slow';
import {
  createGame, legalMoves, random, seedOfInteger, step, view, type Action, type GameState, type View,
} from '../../shared/engine';

const SPACE = 2 ** 16;
const PLAYERS = 4;
const SEAT = 1;

/** What the seat's first view shows that the deal decided. */
const fingerprint = (v: View): string => JSON.stringify([v.hand, v.locations.map((l) => l.id), v.hero]);

/** Every i of the space whose seed `seedAt(i)` deals the seat this first view. */
function search(first: View, seedAt: (i: number) => number | string = (i) => i): number[] {
  const want = fingerprint(first);
  const hits: number[] = [];
  for (let i = 0; i < SPACE; i++) {
    if (fingerprint(view(createGame({ players: PLAYERS, seed: seedAt(i) }), SEAT)) === want) hits.push(i);
  }
  return hits;
}

/** Heroes in the order the seat sees them revealed, playing the match out with random moves. */
function heroesSeen(g: GameState): string[] {
  const rng = { s: 99 };
  const seen: string[] = [];
  for (;;) {
    const hero = view(g, SEAT).hero;
    if (hero && seen.at(-1) !== hero) seen.push(hero);
    if (g.over) return seen;
    const moves = legalMoves(g);
    step(g, { ...moves[Math.floor(random(rng) * moves.length)]!, seat: g.pending!.seat } as Action);
  }
}

const randomHexSeed = (): string =>
  Array.from(webcrypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('');

describe('the deal attack', () => {
  it('recovers an integer seed from one first view and then predicts every hidden card and the hero order', () => {
    const victim = createGame({ players: PLAYERS, seed: 40_961 });
    const hits = search(view(victim, SEAT));
    expect(hits).toEqual([40_961]);
    const predicted = createGame({ players: PLAYERS, seed: hits[0]! });
    // The seat's later draws, every rival's hand and deck, the heroes still to come.
    expect(predicted.decks[SEAT]).toEqual(victim.decks[SEAT]);
    expect(predicted.hands).toEqual(victim.hands);
    expect(predicted.decks).toEqual(victim.decks);
    expect(predicted.heroDeck).toEqual(victim.heroDeck);
    // And as the match goes on, the heroes the seat sees come in the predicted order.
    const order = [predicted.hero!, ...predicted.heroDeck];
    const seen = heroesSeen(victim);
    expect(seen.length).toBeGreaterThan(1);
    expect(seen).toEqual(order.slice(0, seen.length));
  }, 30_000);

  it('finds nothing against a new deal from a random 256-bit hex seed', { ...SLOW, timeout: 60_000 }, () => {
    const seed = randomHexSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    const first = view(createGame({ players: PLAYERS, seed }), SEAT);
    expect(search(first)).toEqual([]);
    // Nor among 2^16 hex seeds, though the same search finds a hex seed that does lie in them
    // (so the search works on the new stream too; a random key is just never in any such space).
    expect(search(first, seedOfInteger)).toEqual([]);
    expect(search(view(createGame({ players: PLAYERS, seed: seedOfInteger(12_345) }), SEAT), seedOfInteger)).toEqual([12_345]);
  });
});
