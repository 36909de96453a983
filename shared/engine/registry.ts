// The card set as the engine reads it: ids -> card data, card words and card rules, and every
// decision kind with its resumer and its words. A leaf: it imports only the catalogue's data, the
// cards' words and types. The handlers (abilities/) and the turn machinery register into it and the
// rules read from it, so the engine's imports run one way and never close a circle.
import {
  HEROES, LOCATIONS, MINIONS, plainName, type HeroCard, type HeroRow, type LocationSide, type MinionCard, type MinionRow,
} from './catalog';
import type { Decision, HeroHooks, LocationHooks, MinionHooks, Resume } from './hooks';
import type { CardWords } from './texts/words';
import { TEXTS } from './texts';
import type { CardId, Seat } from './types';

const NONE: MinionHooks & LocationHooks & HeroHooks = {};
/** Seats an instance id can name (R1: 2 to 4 players). */
const SEATS = 4;

/**
 * What the hot paths ask of a minion instance, flattened into one record shape per id:
 * property reads stay monomorphic instead of probing hook objects of many shapes.
 */
export interface Facts {
  id: CardId;
  seat: Seat;
  card: MinionCard;
  hooks: MinionHooks;
  /** Printed peril as it counts in the horde zone. */
  zonePeril: number;
  aura: boolean;
  shield: boolean;
  hunted: boolean;
  immovable: boolean;
}

/** The same for a location side. */
export interface Place {
  /** The side's card (its name for the log, its VP). */
  side: LocationSide | null;
  hooks: LocationHooks;
  isolated: boolean;
  perilMod: LocationHooks['perilMod'] | null;
  protects: LocationHooks['protects'] | null;
}

/** A registered decision kind: its decision, and who resumes it (a card id, '' for the turn machinery). */
export interface DecisionEntry extends Decision { by: string }

// The minion kinds in deck order: the catalogue's, then any added at run time.
const kinds: MinionCard[] = [...MINIONS];
const kindById: Record<string, MinionCard> = Object.create(null);
for (const c of kinds) kindById[c.id] = c;
// The heroes in catalogue order, then any added at run time.
const heroes: HeroCard[] = [...HEROES];
const heroById: Record<string, HeroCard> = Object.create(null);
for (const h of heroes) heroById[h.id] = h;
const sideIds = new Set(LOCATIONS.map((l) => l.id));
const words: Record<string, CardWords> = Object.assign(Object.create(null), TEXTS);

const minionRules: Record<string, MinionHooks> = Object.create(null);
const heroRules: Record<string, HeroHooks> = Object.create(null);
const locationRules: Record<string, LocationHooks> = Object.create(null);
const decisions: Record<string, DecisionEntry> = Object.create(null);

// Derived tables, built on first use after the last registration: handlers register as their
// modules load, after this one.
let facts: Record<CardId, Facts> | null = null;
let places: Record<string, Place> | null = null;
let idBySeat: Record<string, CardId>[] = [];
let decks: CardId[][] = [];

function build(): Record<CardId, Facts> {
  // A null-prototype object: faster than a Map for these short keys, and no inherited name
  // ("constructor") can pass for a card.
  const table: Record<CardId, Facts> = Object.create(null);
  for (let seat = 0; seat < SEATS; seat++) {
    for (const card of kinds) {
      const id = `${seat}:${card.id}`;
      const hooks = minionRules[card.id] ?? NONE;
      table[id] = {
        id, seat, card, hooks, zonePeril: hooks.zonePeril ?? card.peril, aura: !!hooks.perilAura,
        shield: !!hooks.protects, hunted: !!hooks.hunted, immovable: !!hooks.immovable,
      };
    }
  }
  // Ids in the state are these very strings (internalized as property keys), so every lookup
  // by id compares pointers instead of hashing characters.
  idBySeat = Array.from({ length: SEATS }, () => Object.create(null) as Record<string, CardId>);
  for (const key of Object.keys(table)) {
    const f = table[key]!;
    f.id = key;
    idBySeat[f.seat]![f.card.id] = key;
  }
  decks = idBySeat.map((ids) => kinds.map((c) => ids[c.id]!));
  places = Object.create(null) as Record<string, Place>;
  for (const side of LOCATIONS) {
    const hooks = locationRules[side.id] ?? NONE;
    places[side.id] = { side, hooks, isolated: !!hooks.isolated, perilMod: hooks.perilMod ?? null, protects: hooks.protects ?? null };
  }
  facts = table;
  return table;
}

const changed = (): void => { facts = null; places = null; lastId = null; };

// ---- Registration ----

/** Words for a card added at run time (a test's card); the catalogue's are in texts/. */
function addWords(id: string, said: CardWords): { name: string; text: string } {
  if (words[id] && !(id in TEXTS)) throw new Error(`card ${id} already has words`);
  words[id] = said;
  return { name: plainName(said.name), text: said.card };
}

/** A minion kind the catalogue does not print joins the card set, with its words: every deck holds one more card. */
export function addMinionKind(row: MinionRow, said: CardWords): MinionCard {
  if (kindById[row.id]) throw new Error(`minion kind ${row.id} is already in the card set`);
  const card: MinionCard = { ...row, ...addWords(row.id, said) };
  kinds.push(card);
  kindById[card.id] = card;
  changed();
  return card;
}

/** A hero the catalogue does not print joins the hero deck, with its words. */
export function addHero(row: HeroRow, said: CardWords): HeroCard {
  if (heroById[row.id]) throw new Error(`hero ${row.id} is already in the card set`);
  const card: HeroCard = { ...row, ...addWords(row.id, said) };
  heroes.push(card);
  heroById[card.id] = card;
  lastHeroId = null;
  return card;
}

/** Register a decision kind: its resumer and what onlookers read while it waits. */
export function registerDecision(kind: string, by: string, decision: Decision): void {
  const had = decisions[kind];
  if (had && had.by !== by) throw new Error(`decision ${kind} is already ${had.by || 'the turn machinery'}'s`);
  decisions[kind] = { ...decision, by };
}

/**
 * A card's decisions: each kind its handler resumes joins the words texts/ gives it, and each
 * must have both, so a decision can neither be asked without words nor be worded and never resumed.
 */
function registerCardDecisions(id: string, resumers: Record<string, Resume> = {}): void {
  const said = words[id]?.decisions ?? {};
  for (const kind of Object.keys(resumers)) {
    if (!said[kind]) throw new Error(`decision ${kind} of ${id} has no words: add them to its decisions in shared/engine/texts/`);
  }
  for (const [kind, w] of Object.entries(said)) {
    const resume = resumers[kind];
    if (!resume) throw new Error(`decision ${kind} of ${id} (texts/) has no resumer in its handler's decisions`);
    registerDecision(kind, id, { ...w, resume });
  }
}

/** A minion kind's rules, with the decisions its handler asks. */
export function registerMinion(kind: string, hooks: MinionHooks): void {
  if (!kindById[kind]) throw new Error(`no minion kind ${kind} in the card set`);
  registerCardDecisions(kind, hooks.decisions);
  minionRules[kind] = hooks;
  changed();
}

/** A hero's rules, with the decisions its handler asks (as a minion's). */
export function registerHero(id: string, hooks: HeroHooks): void {
  if (!heroById[id]) throw new Error(`no hero ${id} in the card set`);
  registerCardDecisions(id, hooks.decisions);
  heroRules[id] = hooks;
  lastRulesId = null;
}

/** A location side's rules, with the decisions its handler asks (as a minion's). */
export function registerLocation(id: string, hooks: LocationHooks): void {
  if (!sideIds.has(id)) throw new Error(`no location side ${id} in the catalogue`);
  registerCardDecisions(id, hooks.decisions);
  locationRules[id] = hooks;
  changed();
}

// ---- Reading ----

/** Every minion kind in the card set, deck order: one deck holds one of each. */
export const minionKinds = (): readonly MinionCard[] => kinds;
export const minionCard = (kind: string): MinionCard | undefined => kindById[kind];
/** The facts of an instance id, or undefined when it names no card of a 2–4 player game. */
// The id asked last: a play asks for its card four times over (its name for the log, its
// placement, its owner's hand, its ability), and so do a defeat and an escape.
let lastId: string | null = null;
let lastFacts: Facts | undefined;
export const factsOrNone = (id: string): Facts | undefined => {
  if (id === lastId) return lastFacts;
  lastFacts = (facts ?? build())[id];
  lastId = id;
  return lastFacts;
};
export const factsOf = (id: CardId): Facts => factsOrNone(id)!;
/** The whole table by instance id (the hot loops read it directly). */
export const factsTable = (): Record<CardId, Facts> => facts ?? build();
export const idOf = (seat: Seat, kind: string): CardId | undefined => {
  if (!facts) build();
  return idBySeat[seat]?.[kind];
};
/** A fresh copy of one seat's whole deck, in deck order. */
export const deckOf = (seat: Seat): CardId[] => {
  if (!facts) build();
  return decks[seat]!.slice();
};
// A column whose side is not chosen yet (during choose-side) holds nothing and does nothing.
const NOWHERE: Place = { side: null, hooks: NONE, isolated: false, perilMod: null, protects: null };
export const placeOf = (side: string | undefined): Place => {
  if (!places) build();
  return (side !== undefined && places![side]) || NOWHERE;
};
/** The place table itself, rebuilt (a new object) when the card set changes. */
export const placesTable = (): Record<string, Place> => {
  if (!places) build();
  return places!;
};
/** Every hero in the card set, catalogue order: the hero deck is dealt from these. */
export const heroCards = (): readonly HeroCard[] => heroes;
// The hero asked last: one hero is revealed at a time, and every peril check and attack line asks
// for it again (forgotten when a hero joins the card set).
let lastHeroId: string | null = null;
let lastHero: HeroCard | undefined;
export const heroOf = (id: string): HeroCard | undefined => {
  if (id === lastHeroId) return lastHero;
  lastHero = heroById[id];
  lastHeroId = id;
  return lastHero;
};
/** A card's words (texts/, or those a card added at run time brought). */
export const wordsOf = (id: string): CardWords | undefined => words[id];
/** The printed name of a minion (kind or instance), a hero or a location side; the id itself if none. */
export const nameOf = (id: string): string =>
  factsOrNone(id)?.card.name ?? kindById[id]?.name ?? heroById[id]?.name ?? placeOf(id).side?.name ?? id;
// The hero's rules asked last, as heroOf; forgotten when a hero's rules are registered.
let lastRulesId: string | null = null;
let lastRules: HeroHooks = NONE;
export const heroRulesOf = (id: string | null): HeroHooks => {
  if (!id) return NONE;
  if (id === lastRulesId) return lastRules;
  lastRules = heroRules[id] ?? NONE;
  lastRulesId = id;
  return lastRules;
};
export const decisionOf = (kind: string): DecisionEntry | undefined => decisions[kind];

/** Every decision kind, in the order it was registered (docs/SCENARIOS.md's table). */
export const decisionKinds = (): [string, DecisionEntry][] => Object.entries(decisions);
