// Minion instance ids, `<seat>:<kind>`, parsed once and cached (registry.ts): the engine asks
// "whose is this, what is it" constantly.
import type { MinionCard } from './catalog';
import { factsOrNone, idOf } from './registry';
import type { CardId, Seat } from './types';

export { deckOf } from './registry';

export interface Instance { id: CardId; seat: Seat; card: MinionCard }

/** The parsed instance, or undefined when the id names no card of a 2–4 player game. */
export const instance = (id: string): Instance | undefined => factsOrNone(id);

function must(id: CardId): Instance {
  const i = factsOrNone(id);
  if (!i) throw new Error(`unknown minion ${id}`);
  return i;
}

export const ownerOf = (id: CardId): Seat => must(id).seat;
export const cardOf = (id: CardId): MinionCard => must(id).card;
export const kindOf = (id: CardId): string => must(id).card.id;
export const instanceId = (seat: Seat, kind: string): CardId => {
  const id = idOf(seat, kind);
  if (!id) throw new Error(`unknown minion ${seat}:${kind}`);
  return id;
};
