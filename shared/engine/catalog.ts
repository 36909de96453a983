// The card catalogue as plain data (docs/RULES.md, The catalogue; the full texts: texts.ts). Rules live in the ability
// handlers (abilities/*.ts), keyed by these ids; a different card set replaces
// this file and those handlers, never the turn machinery.

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

const m = (
  id: string, name: string, type: MinionType, peril: number, vp: number, timing: Timing, text: string,
): MinionCard => ({ id, name, type, peril, vp, timing, text });

/** One deck: one card of each kind, in catalogue order (the default deck order of a scenario). */
export const MINIONS: readonly MinionCard[] = [
  m('scheming-familiar', 'Scheming Familiar', 'beast', 1, 1, 'immediate',
    'You may play one other minion from your hand, as in step 1. It is a full play.'),
  m('dire-bear', 'Dire Bear', 'beast', 2, 3, 'none', ''),
  m('charging-minotaur', 'Charging Minotaur', 'beast', 2, 1, 'ongoing',
    'After a hero attacks this horde, if this minion is still in it, it defeats the adjacent minion with the highest VP value (any horde, even protected; no VP for it).'),
  m('spotted-griffin', 'Spotted Griffin', 'beast', 1, 1, 'immediate',
    'Played to an existing horde, you may put it at any position. Then you may move one other minion of this horde to its back.'),
  m('moor-wolf', 'Howling Moor-Wolf', 'beast', 2, 2, 'immediate',
    'Place one peril token on one minion adjacent to this minion.'),
  m('ironshell-tortoise', 'Ironshell Tortoise', 'beast', 1, 2, 'ongoing',
    'Protected while at least one other beast is adjacent to it.'),
  m('sly-cutpurse', 'Sly Cutpurse', 'humanoid', 1, 1, 'immediate',
    'You may move all VP tokens from one adjacent minion onto this minion. If you don\'t, place a 1-VP token on this minion.'),
  m('tunnel-smuggler', 'Tunnel Smuggler', 'humanoid', 1, 1, 'ongoing',
    'When this minion escapes, you may move one of your other minions from a horde into this safe haven; it escapes too.'),
  m('stalwart-shieldbearer', 'Stalwart Shieldbearer', 'humanoid', 2, 1, 'ongoing',
    'Each minion adjacent to this minion is protected (not the Shieldbearer itself).'),
  m('ogre-brute', 'Ogre Brute', 'humanoid', 3, 2, 'none', ''),
  m('mirror-trickster', 'Mirror Trickster', 'humanoid', 1, 1, 'immediate',
    'You may swap this minion with one movable minion adjacent to it.'),
  m('cowering-goblin', 'Cowering Goblin', 'humanoid', 0, 1, 'ongoing',
    'The minions directly in front of and behind this one, in its horde, each have -1 peril.'),
  m('bloated-ghoul', 'Bloated Ghoul', 'undead', 2, 1, 'ongoing',
    'When defeated, place one peril token on each minion that was adjacent to it and is in another horde.'),
  m('restless-bones', 'Restless Bones', 'undead', 1, 1, 'ongoing',
    'When defeated, you may put it at the back of another existing horde (not the attacked one) instead of your discard pile.'),
  m('drifting-wraith', 'Drifting Wraith', 'undead', 3, 0, 'ongoing',
    'In the horde zone its printed peril counts as 0. In a safe haven it counts normally.'),
  m('barrow-colossus', 'Barrow Colossus', 'undead', 4, 1, 'ongoing',
    'Immovable: no ability can move or swap it.'),
  m('carrion-ghast', 'Carrion Ghast', 'undead', 2, 0, 'ongoing',
    'After each hero attack on any horde, if this minion is in the horde zone, place a 1-VP token on it.'),
  m('vampire-countess', 'Vampire Countess', 'undead', 2, 4, 'ongoing',
    'Hunted: if a hero attacks her horde and she is neither protected nor at the front, she is the target.'),
];

const h = (
  id: string, name: string, heroType: string, threshold: number, timing: HeroCard['timing'], text: string,
): HeroCard => ({ id, name, heroType, threshold, timing, text });

export const HEROES: readonly HeroCard[] = [
  h('vesper-nightstep', 'Vesper Nightstep', 'Rogue', 5, 'ongoing',
    'She attacks the front-most unprotected minion instead of the back-most.'),
  h('mad-malis', 'Mad Malis', 'Wizard', 6, 'attack',
    'If the minion he defeated is undead, he also defeats the next closest valid minion.'),
  h('lark-songweaver', 'Lark Songweaver', 'Bard', 6, 'none', ''),
  h('dame-orlaith', 'Dame Orlaith Dawnshield', 'Paladin', 7, 'ongoing',
    'Every undead minion in the horde zone has +1 peril.'),
  h('hulda-axebreaker', 'Hulda Axebreaker', 'Barbarian', 7, 'ongoing',
    'A horde of 5 or more minions also qualifies for her attack.'),
  h('fenwick-thornbow', 'Fenwick Thornbow', 'Ranger', 8, 'ongoing', 'No minion is protected.'),
  h('sister-maud', 'Sister Maud Candlewright', 'Cleric', 8, 'attack',
    'The active player receives 1 VP for each undead minion still in the attacked horde.'),
  h('sir-roderick', 'Sir Roderick Ironvow', 'Knight', 9, 'attack',
    'He also defeats the next closest valid minion of the attacked horde.'),
];

const l = (id: string, name: string, vp: number, timing: LocationSide['timing'], text: string): LocationSide =>
  ({ id, name, vp, timing, text });

/** The six double-sided location cards: [side A, side B]. */
export const LOCATION_CARDS: readonly (readonly [LocationSide, LocationSide])[] = [
  [l('valley-of-teeth', 'Valley of Teeth', 3, 'ongoing', 'Whenever a beast is played here, place a 1-VP token on it.'),
    l('blackspire-keep', 'Blackspire Keep', 5, 'none', '')],
  [l('sunken-crypt', 'Sunken Crypt', 4, 'scoring', 'Each undead minion\'s peril counts double here.'),
    l('bandits-roost', 'Bandits\' Roost', 3, 'ongoing', 'Whenever a humanoid is played here, place a 1-VP token on it.')],
  [l('teeming-warrens', 'Teeming Warrens', 4, 'scoring', 'The player with the most minions here controls it.'),
    l('whispering-caves', 'Whispering Caves', 4, 'ongoing', 'Minions in this horde are not adjacent to minions in other hordes.')],
  [l('silent-fen', 'Silent Fen', 3, 'scoring', 'The competing player with the lowest total peril here controls it.'),
    l('bubbling-tar-pits', 'Bubbling Tar Pits', 5, 'ongoing', 'The minion at the front of this horde has +2 peril.')],
  [l('thornwood-thicket', 'Thornwood Thicket', 4, 'scoring', 'A tie for most peril goes to the tied player with the most minions here.'),
    l('misty-ford', 'Misty Ford', 4, 'ongoing', 'While this horde has 2 or more minions, the minion at its back is protected.')],
  [l('gallows-hill', 'Gallows Hill', 2, 'ongoing', 'When a hero defeats an opponent\'s minion here, the active player receives 1 more VP.'),
    l('hollow-throne', 'The Hollow Throne', 6, 'scoring', 'Only players with at least 2 minions here compete for control.')],
];

export const LOCATIONS: readonly LocationSide[] = LOCATION_CARDS.flat();

export const HAND_SIZE = 5;
export const PERIL_SUPPLY = 10;
/** Hero deck size by player count: P + 3. */
export const heroDeckSize = (players: number): number => players + 3;

const minionById = new Map(MINIONS.map((c) => [c.id, c]));
const heroById = new Map(HEROES.map((c) => [c.id, c]));
const locationById = new Map(LOCATIONS.map((c) => [c.id, c]));

export const minionKind = (kind: string): MinionCard | undefined => minionById.get(kind);
// The hero asked last: one hero is revealed at a time, and every peril check and attack line asks
// for it again (the cards are constants, so the memo never goes stale).
let lastHeroId: string | null = null;
let lastHero: HeroCard | undefined;
export const heroCard = (id: string): HeroCard | undefined => {
  if (id === lastHeroId) return lastHero;
  lastHero = heroById.get(id);
  lastHeroId = id;
  return lastHero;
};
export const locationSide = (id: string): LocationSide | undefined => locationById.get(id);
/** The other face of a location card. */
export const otherSide = (id: string): string | undefined => {
  const card = LOCATION_CARDS.find(([a, b]) => a.id === id || b.id === id);
  return card && (card[0].id === id ? card[1].id : card[0].id);
};
