// Setup (R2): locations, hero deck, minion decks and opening hands, from a
// seed or from an exact position (a test scenario, a lobby's chosen sides).
import { HAND_SIZE, heroDeckSize, LOCATION_CARDS, locationSide, PERIL_SUPPLY } from './catalog';
import './abilities'; // the card set's rules: a game is dealt with them in play
import { ask } from './decide';
import { deckOf, instanceId } from './ids';
import { revealHero, say, tokenMap } from './ops';
import { HEX_SEED, Keystream } from './keystream';
import { heroCards, heroOf, minionCard, minionKinds, registerDecision } from './registry';
import { below, shuffle, type Rng } from './rng';
import { run } from './turn';
import type { DealStream, GameState, Setup } from './types';

export class SetupError extends Error {}

function check(ok: unknown, message: string): asserts ok {
  if (!ok) throw new SetupError(message);
}

const SEAT_NAMES = ['Seat 1', 'Seat 2', 'Seat 3', 'Seat 4'];
const CARD_INDEXES = LOCATION_CARDS.map((_, i) => i);

function rows(n: number): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < n; i++) out.push([]);
  return out;
}

/** A new game. Throws SetupError for a setup that is not a legal position. */
export function createGame(setup: Setup): GameState {
  const P = setup.players;
  // Messages are made only on failure: every game is dealt here.
  if (!(Number.isInteger(P) && P >= 2 && P <= 4)) check(false, `players must be 2, 3 or 4, not ${P}`);
  const first = setup.first ?? 0;
  if (!(Number.isInteger(first) && first >= 0 && first < P)) check(false, `first must be a seat from 0 to ${P - 1}`);
  const seed = setup.seed ?? 0;
  check(typeof seed === 'number' || HEX_SEED.test(seed), 'a seed is an integer or 32 to 64 lowercase hex digits');
  const rng: Rng = typeof seed === 'number' ? { s: seed >>> 0 } : new Keystream(seed);
  // Plain loops, not Array.from({ length }): that one walks the generic iteration path.
  const names: string[] = [];
  for (let s = 0; s < P; s++) names.push(setup.names?.[s] || SEAT_NAMES[s]!);
  const g: GameState = {
    players: P,
    names,
    rng: 0,
    first,
    locations: [],
    sideCards: [],
    hordes: rows(P + 1),
    havens: rows(P + 1),
    hands: rows(P),
    decks: rows(P),
    discards: rows(P),
    heldVP: new Array<number>(P).fill(0),
    vpOn: tokenMap(),
    perilOn: tokenMap(),
    perilSupply: PERIL_SUPPLY,
    heroDeck: [],
    pastHeroes: [],
    hero: null,
    active: first,
    lastTurn: (first + P - 1) % P,
    turn: 1,
    attacks: 0,
    attack: null,
    tasks: [],
    pending: null,
    version: 0,
    seq: 0,
    log: [],
    over: false,
    result: null,
  };

  const sides = setup.locations;
  if (Array.isArray(sides)) {
    check(sides.length === P + 1, `a ${P}-player game needs ${P + 1} locations, not ${sides.length}`);
    for (const id of sides) check(locationSide(id), `unknown location ${id}`);
    check(new Set(sides).size === sides.length, 'a location side appears twice');
    g.locations = [...sides];
  } else {
    const pool = setup.cards ? locationCards(setup.cards.locations) : CARD_INDEXES.slice();
    check(pool.length > P, `a ${P}-player game deals ${P + 1} location cards, not ${pool.length}`);
    const cards = shuffle(rng, pool).slice(0, P + 1);
    if (sides === 'choose') g.sideCards = cards;
    else g.locations = cards.map((i) => LOCATION_CARDS[i]![below(rng, 2)]!.id);
  }
  g.rng = saved(rng, seed);
  if (g.sideCards.length) {
    // The rest of the setup waits for the sides; the decision carries what it needs
    // as JSON. Never the seed: the deal uses the state's RNG, and a seed in a
    // decision would let its viewer predict every shuffle.
    const { heroes, hands, decks, cards } = setup;
    askSide(g, JSON.parse(JSON.stringify({ players: P, heroes, hands, decks, cards })) as Setup);
    return g;
  }
  deal(g, setup, rng);
  return g;
}

function askSide(g: GameState, setup: Setup): void {
  const [a, b] = LOCATION_CARDS[g.sideCards[0]!]!;
  const chooser = (g.first + g.players - 1) % g.players;
  ask(g, chooser, 'choose-side', [a.id, b.id], '', { setup },
    `Choose the side of location ${g.locations.length + 1} of ${g.hordes.length}: ${a.name} or ${b.name}.`);
}

/** `choose-side`: one card's side; after the last, the rest of the setup. */
registerDecision('choose-side', '', {
  who: 'the seat that plays last in the first round',
  options: 'the two sides of the next dealt card',
  waiting: 'is choosing the location sides',
  resume(g, ctx: { setup: Setup }, side) {
    g.locations.push(side);
    g.sideCards.shift();
    say(g, `Location ${g.locations.length}: ${locationSide(side)!.name}.`);
    if (g.sideCards.length) return askSide(g, ctx.setup);
    deal(g, ctx.setup);
  },
});

/** The location cards a setup's card set names (each by either side), as indexes into LOCATION_CARDS. */
function locationCards(sides: string[]): number[] {
  const cards = sides.map((side) => LOCATION_CARDS.findIndex(([a, b]) => a.id === side || b.id === side));
  for (const [i, c] of cards.entries()) check(c >= 0, `unknown location ${sides[i]}`);
  check(new Set(cards).size === cards.length, 'a location card appears twice in the card set');
  return cards;
}

/** The generator as GameState keeps it between createGame and the deal. */
function saved(rng: Rng, seed: number | string): number | DealStream {
  return rng instanceof Keystream ? { key: seed as string, used: rng.used } : rng.s;
}

/** The generator where createGame left it, after the sides were chosen. */
function resumed(g: GameState): Rng {
  const at = g.rng;
  check(at !== null, 'this game has been dealt already');
  return typeof at === 'number' ? { s: at } : new Keystream(at.key, undefined, at.used);
}

/** R2 (c)–(d), then the first turn. */
function deal(g: GameState, setup: Setup, rng: Rng = resumed(g)): void {
  const P = g.players;
  const set = setup.cards;
  for (const id of set?.heroes ?? []) check(heroOf(id), `unknown hero ${id}`);
  for (const kind of set?.minions ?? []) check(minionCard(kind), `unknown minion ${kind}`);
  if (setup.heroes) {
    for (const id of setup.heroes) check(heroOf(id), `unknown hero ${id}`);
    check(new Set(setup.heroes).size === setup.heroes.length, 'a hero appears twice');
    g.heroDeck = [...setup.heroes];
  } else {
    g.heroDeck = shuffle(rng, set ? set.heroes.slice() : heroCards().map((h) => h.id)).slice(0, heroDeckSize(P));
  }
  for (let s = 0; s < P; s++) {
    const hand = setup.hands?.[s];
    const deck = setup.decks?.[s];
    for (const kind of hand ?? []) check(minionCard(kind), `unknown minion ${kind}`);
    for (const kind of deck ?? []) check(minionCard(kind), `unknown minion ${kind}`);
    if (hand) {
      check(hand.length <= HAND_SIZE, `seat ${s} holds more than ${HAND_SIZE} cards`);
      const rest = deck ?? (set?.minions ?? minionKinds().map((c) => c.id)).filter((k) => !hand.includes(k));
      check(new Set([...hand, ...rest]).size === hand.length + rest.length, `seat ${s} has a card twice`);
      g.hands[s] = hand.map((k) => instanceId(s, k));
      g.decks[s] = rest.map((k) => instanceId(s, k));
    } else if (deck) {
      check(new Set(deck).size === deck.length, `seat ${s} has a card twice`);
      g.decks[s] = deck.map((k) => instanceId(s, k));
      g.hands[s] = g.decks[s]!.splice(0, HAND_SIZE);
    } else {
      g.decks[s] = shuffle(rng, set ? set.minions.map((k) => instanceId(s, k)) : deckOf(s));
      g.hands[s] = g.decks[s]!.splice(0, HAND_SIZE);
    }
  }
  // Nothing draws after the deal: a keystream's key need not stay in the state.
  g.rng = rng instanceof Keystream ? null : rng.s;
  if (!revealHero(g)) say(g, 'No hero is revealed.');
  g.tasks = [{ t: 'turn' }];
  run(g);
}
