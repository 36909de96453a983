// The card catalogue as plain data (docs/RULES.md, The catalogue): each card's numbers, joined
// with its name and card text from texts/, which holds every word a card says. Rules live in the
// ability handlers (abilities/*.ts), keyed by these ids; a different card set replaces this file,
// texts/ and those handlers, never the turn machinery.
import { TEXTS } from './texts';

export type MinionType = 'beast' | 'humanoid' | 'undead';
export type Timing = 'none' | 'immediate' | 'ongoing';

export interface MinionCard {
  id: string;
  name: string;
  type: MinionType;
  peril: number;
  vp: number;
  timing: Timing;
  text: string;
}

export interface HeroCard {
  id: string;
  name: string;
  heroType: string;
  threshold: number;
  timing: 'none' | 'attack' | 'ongoing';
  text: string;
}

export interface LocationSide {
  id: string;
  name: string;
  vp: number;
  timing: 'none' | 'ongoing' | 'scoring';
  text: string;
}

/** A card's name as the log and the pages print it: without the marks where it may break (texts/). */
export const plainName = (name: string): string => name.replaceAll('|', '');

/** A card's name and card text, from its words. */
function face(id: string): { name: string; text: string } {
  const t = TEXTS[id];
  if (!t) throw new Error(`card ${id} has no words: write them in shared/engine/texts/`);
  return { name: plainName(t.name), text: t.card };
}

/** A card's numbers; its words join them from texts/. */
export type MinionRow = Omit<MinionCard, 'name' | 'text'>;
export type HeroRow = Omit<HeroCard, 'name' | 'text'>;

const m = (id: string, type: MinionType, peril: number, vp: number, timing: Timing): MinionCard => {
  const { name, text } = face(id);
  return { id, name, type, peril, vp, timing, text };
};

/** One deck: one card of each kind, in catalogue order (the default deck order of a scenario). */
export const MINIONS: readonly MinionCard[] = [
  m('scheming-familiar', 'beast', 1, 1, 'immediate'),
  m('dire-bear', 'beast', 2, 3, 'none'),
  m('charging-minotaur', 'beast', 2, 1, 'ongoing'),
  m('spotted-griffin', 'beast', 1, 1, 'immediate'),
  m('moor-wolf', 'beast', 2, 2, 'immediate'),
  m('ironshell-tortoise', 'beast', 1, 2, 'ongoing'),
  m('sly-cutpurse', 'humanoid', 1, 1, 'immediate'),
  m('tunnel-smuggler', 'humanoid', 1, 1, 'ongoing'),
  m('stalwart-shieldbearer', 'humanoid', 2, 1, 'ongoing'),
  m('ogre-brute', 'humanoid', 3, 2, 'none'),
  m('mirror-trickster', 'humanoid', 1, 1, 'immediate'),
  m('cowering-goblin', 'humanoid', 0, 1, 'ongoing'),
  m('bloated-ghoul', 'undead', 2, 1, 'ongoing'),
  m('restless-bones', 'undead', 1, 1, 'ongoing'),
  m('drifting-wraith', 'undead', 3, 0, 'ongoing'),
  m('barrow-colossus', 'undead', 4, 1, 'ongoing'),
  m('carrion-ghast', 'undead', 2, 0, 'ongoing'),
  m('vampire-countess', 'undead', 2, 4, 'ongoing'),
];

const h = (id: string, heroType: string, threshold: number, timing: HeroCard['timing']): HeroCard => {
  const { name, text } = face(id);
  return { id, name, heroType, threshold, timing, text };
};

export const HEROES: readonly HeroCard[] = [
  h('vesper-nightstep', 'Rogue', 5, 'ongoing'),
  h('mad-malis', 'Wizard', 6, 'attack'),
  h('lark-songweaver', 'Bard', 6, 'none'),
  h('dame-orlaith', 'Paladin', 7, 'ongoing'),
  h('hulda-axebreaker', 'Barbarian', 7, 'ongoing'),
  h('fenwick-thornbow', 'Ranger', 8, 'ongoing'),
  h('sister-maud', 'Cleric', 8, 'attack'),
  h('sir-roderick', 'Knight', 9, 'attack'),
];

const l = (id: string, vp: number, timing: LocationSide['timing']): LocationSide => {
  const { name, text } = face(id);
  return { id, name, vp, timing, text };
};

/** The six double-sided location cards: [side A, side B]. */
export const LOCATION_CARDS: readonly (readonly [LocationSide, LocationSide])[] = [
  [l('valley-of-teeth', 3, 'ongoing'),
    l('blackspire-keep', 5, 'none')],
  [l('sunken-crypt', 4, 'scoring'),
    l('bandits-roost', 3, 'ongoing')],
  [l('teeming-warrens', 4, 'scoring'),
    l('whispering-caves', 4, 'ongoing')],
  [l('silent-fen', 3, 'scoring'),
    l('bubbling-tar-pits', 5, 'ongoing')],
  [l('thornwood-thicket', 4, 'scoring'),
    l('misty-ford', 4, 'ongoing')],
  [l('gallows-hill', 2, 'ongoing'),
    l('hollow-throne', 6, 'scoring')],
];

export const LOCATIONS: readonly LocationSide[] = LOCATION_CARDS.flat();

export const HAND_SIZE = 5;
export const PERIL_SUPPLY = 10;
/** Hero deck size by player count: P + 3. */
export const heroDeckSize = (players: number): number => players + 3;

const minionById = new Map(MINIONS.map((c) => [c.id, c]));
const locationById = new Map(LOCATIONS.map((c) => [c.id, c]));

export const minionKind = (kind: string): MinionCard | undefined => minionById.get(kind);
export const locationSide = (id: string): LocationSide | undefined => locationById.get(id);
/** The other face of a location card. */
export const otherSide = (id: string): string | undefined => {
  const card = LOCATION_CARDS.find(([a, b]) => a.id === id || b.id === id);
  return card && (card[0].id === id ? card[1].id : card[0].id);
};
