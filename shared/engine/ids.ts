// Minion instance ids, `<seat>:<kind>`, parsed once and cached: the engine asks
// "whose is this, what is it" constantly.
import { MINIONS, minionKind, type MinionCard } from './catalog';
import type { CardId, Seat } from './types';

export interface Instance { id: CardId; seat: Seat; card: MinionCard }

const cache = new Map<CardId, Instance>();
for (let seat = 0; seat < 4; seat++) {
  for (const card of MINIONS) cache.set(`${seat}:${card.id}`, { id: `${seat}:${card.id}`, seat, card });
}

/** The parsed instance, or undefined when the id names no card of a 2–4 player game. */
export const instance = (id: string): Instance | undefined => cache.get(id);

function must(id: CardId): Instance {
  const i = cache.get(id);
  if (!i) throw new Error(`unknown minion ${id}`);
  return i;
}

export const ownerOf = (id: CardId): Seat => must(id).seat;
export const cardOf = (id: CardId): MinionCard => must(id).card;
export const kindOf = (id: CardId): string => must(id).card.id;
export const instanceId = (seat: Seat, kind: string): CardId => {
  if (!minionKind(kind)) throw new Error(`unknown minion kind ${kind}`);
  return `${seat}:${kind}`;
};
