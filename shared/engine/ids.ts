// Minion instance ids, `<seat>:<kind>`, parsed once and cached: the engine asks
// "whose is this, what is it" constantly.
import { MINIONS, type MinionCard } from './catalog';
import type { CardId, Seat } from './types';

export interface Instance { id: CardId; seat: Seat; card: MinionCard }

// A null-prototype object: faster than a Map for these few short keys, and no
// inherited names ("constructor") can pass for a card.
const cache: Record<CardId, Instance | undefined> = Object.create(null);
for (let seat = 0; seat < 4; seat++) {
  for (const card of MINIONS) cache[`${seat}:${card.id}`] = { id: `${seat}:${card.id}`, seat, card };
}

// Ids in the state are these very strings (internalized as property keys), so
// every lookup by id compares pointers instead of hashing characters.
const bySeat: Record<string, CardId>[] = [0, 1, 2, 3].map(() => Object.create(null));
for (const key of Object.keys(cache)) {
  const i = cache[key]!;
  i.id = key;
  bySeat[i.seat]![i.card.id] = key;
}

/** The parsed instance, or undefined when the id names no card of a 2–4 player game. */
export const instance = (id: string): Instance | undefined => cache[id];

function must(id: CardId): Instance {
  const i = cache[id];
  if (!i) throw new Error(`unknown minion ${id}`);
  return i;
}

export const ownerOf = (id: CardId): Seat => must(id).seat;
export const cardOf = (id: CardId): MinionCard => must(id).card;
export const kindOf = (id: CardId): string => must(id).card.id;
export const instanceId = (seat: Seat, kind: string): CardId => {
  const id = bySeat[seat]?.[kind];
  if (!id) throw new Error(`unknown minion ${seat}:${kind}`);
  return id;
};

const decks: CardId[][] = bySeat.map((ids) => MINIONS.map((c) => ids[c.id]!));
/** A fresh copy of one seat's whole deck, in catalogue order. */
export const deckOf = (seat: Seat): CardId[] => decks[seat]!.slice();
