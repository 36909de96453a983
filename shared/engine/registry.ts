// The card set as the engine reads it: ids -> card data and card rules, and every decision
// kind with its resumer and its onlookers' prompt. A leaf: it imports only the catalogue's data
// and types. The handlers (abilities/) and the turn machinery register into it and the rules
// read from it, so the engine's imports run one way and never close a circle.
import { HEROES, LOCATIONS, MINIONS, type LocationSide, type MinionCard } from './catalog';
import type { Decision, HeroHooks, LocationHooks, MinionHooks } from './hooks';
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
const heroIds = new Set(HEROES.map((h) => h.id));
const sideIds = new Set(LOCATIONS.map((l) => l.id));

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

/** A minion kind the catalogue does not print joins the card set: every deck holds one more card. */
export function addMinionKind(card: MinionCard): void {
  if (kindById[card.id]) throw new Error(`minion kind ${card.id} is already in the card set`);
  kinds.push(card);
  kindById[card.id] = card;
  changed();
}

/** Register a decision kind: its resumer and what onlookers read while it waits. */
export function registerDecision(kind: string, by: string, decision: Decision): void {
  const had = decisions[kind];
  if (had && had.by !== by) throw new Error(`decision ${kind} is already ${had.by || 'the turn machinery'}'s`);
  decisions[kind] = { ...decision, by };
}

/** A minion kind's rules, with the decisions its handler asks. */
export function registerMinion(kind: string, hooks: MinionHooks): void {
  if (!kindById[kind]) throw new Error(`no minion kind ${kind} in the card set`);
  minionRules[kind] = hooks;
  for (const [k, d] of Object.entries(hooks.decisions ?? {})) registerDecision(k, kind, d);
  changed();
}

export function registerHero(id: string, hooks: HeroHooks): void {
  if (!heroIds.has(id)) throw new Error(`no hero ${id} in the catalogue`);
  heroRules[id] = hooks;
  lastRulesId = null;
}

export function registerLocation(id: string, hooks: LocationHooks): void {
  if (!sideIds.has(id)) throw new Error(`no location side ${id} in the catalogue`);
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
// The hero asked last, as in catalog.ts heroCard; forgotten when a hero's rules are registered.
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
