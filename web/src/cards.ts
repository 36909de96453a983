// Card data for display: every card as it is printed (faces.ts, written from the catalogue and
// the cards' words; data only, no rules). Minion instance ids are `<seat>:<kind>` (docs/SCENARIOS.md, Ids).
import { HEROES, LOCATIONS, MINIONS, type Shown } from './faces';
import type { HeroCard, LocationSide, MinionCard as Card } from '../../shared/engine/catalog';

type MinionCard = Shown<Card>;

const minions = new Map(MINIONS.map((c) => [c.id, c]));
const heroes = new Map(HEROES.map((c) => [c.id, c]));
const sides = new Map(LOCATIONS.map((c) => [c.id, c]));

export interface Minion { id: string; seat: number; card: MinionCard }

/** The minion an instance id names, or undefined for any other string. */
export function minion(id: string): Minion | undefined {
  const i = id.indexOf(':');
  const card = i > 0 ? minions.get(id.slice(i + 1)) : undefined;
  return card && { id, seat: Number(id.slice(0, i)), card };
}

export const hero = (id: string): Shown<HeroCard> | undefined => heroes.get(id);
export const side = (id: string): Shown<LocationSide> | undefined => sides.get(id);
export const cardName = (id: string): string => minion(id)?.card.name ?? side(id)?.name ?? id;

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
/** "Ongoing: text" (or "No ability."), as printed. */
export const abilityText = (c: { timing: string; text: string }): string =>
  c.text ? `${cap(c.timing)}: ${c.text}` : 'No ability.';
