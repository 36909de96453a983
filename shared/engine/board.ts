// Reading the horde zone: cells, adjacency (R4), peril (R5), protection (R8).
// Pure queries; every card-specific effect comes through the hook registry.
// Hot path of every simulation, so continuous sources are gathered once per
// question and adjacency tests allocate nothing.
import { heroCard, LOCATIONS, MINIONS, PERIL_SUPPLY, type MinionCard } from './catalog';
import type { Cell, HeroHooks, LocationHooks, MinionHooks } from './hooks';
import { HERO_HOOKS, LOCATION_HOOKS, MINION_HOOKS } from './abilities';
import type { CardId, GameState } from './types';

const NONE: MinionHooks & LocationHooks & HeroHooks = {};

/**
 * What the hot paths ask of a minion, flattened into one record shape per
 * instance id: property reads stay monomorphic instead of probing hook
 * objects of many shapes.
 */
export interface Facts {
  id: CardId;
  seat: number;
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
interface Place {
  hooks: LocationHooks;
  isolated: boolean;
  perilMod: LocationHooks['perilMod'] | null;
  protects: LocationHooks['protects'] | null;
}

// Built on first use: the registry imports this module, so it is not ready at load time.
let facts: Record<CardId, Facts> | null = null;
let places: Record<string, Place> | null = null;
function build(): Record<CardId, Facts> {
  facts = Object.create(null) as Record<CardId, Facts>;
  for (let seat = 0; seat < 4; seat++) {
    for (const card of MINIONS) {
      const id = `${seat}:${card.id}`;
      const hooks = MINION_HOOKS[card.id] ?? NONE;
      facts[id] = {
        id, seat, card, hooks, zonePeril: hooks.zonePeril ?? card.peril, aura: !!hooks.perilAura,
        shield: !!hooks.protects, hunted: !!hooks.hunted, immovable: !!hooks.immovable,
      };
    }
  }
  places = Object.create(null) as Record<string, Place>;
  for (const side of LOCATIONS) {
    const hooks = LOCATION_HOOKS[side.id] ?? NONE;
    places[side.id] = { hooks, isolated: !!hooks.isolated, perilMod: hooks.perilMod ?? null, protects: hooks.protects ?? null };
  }
  return facts;
}

export const factsOf = (id: CardId): Facts => (facts ?? build())[id]!;
export const minionHooks = (id: CardId): MinionHooks => factsOf(id).hooks;
// A column whose side is not chosen yet (during choose-side) holds nothing and does nothing.
const NOWHERE: Place = { hooks: NONE, isolated: false, perilMod: null, protects: null };
const placeOf = (g: GameState, col: number): Place => {
  if (!places) build();
  return places![g.locations[col]!] ?? NOWHERE;
};
export const locationHooks = (g: GameState, col: number): LocationHooks => placeOf(g, col).hooks;
export const heroHooks = (g: GameState): HeroHooks => (g.hero ? HERO_HOOKS[g.hero] ?? NONE : NONE);
export const threshold = (g: GameState): number => (g.hero ? heroCard(g.hero)!.threshold : Infinity);

/** Where a minion stands in the horde zone, or null if it is not there. */
export function find(g: GameState, id: CardId): Cell | null {
  const hordes = g.hordes;
  for (let col = 0; col < hordes.length; col++) {
    const row = hordes[col]!.indexOf(id);
    if (row >= 0) return { col, row };
  }
  return null;
}

/** May the columns a and b (neighbours) link horizontally? Whispering Caves cuts both ways. */
const linked = (g: GameState, a: number, b: number): boolean => !placeOf(g, a).isolated && !placeOf(g, b).isolated;

/** The occupied cells next to (col, row): same horde front/back, and the same row of the
 * neighbouring columns unless Whispering Caves cuts the link. Empty columns are not skipped. */
export function adjacent(g: GameState, col: number, row: number): Cell[] {
  const out: Cell[] = [];
  const hordes = g.hordes;
  if (row > 0) out.push({ col, row: row - 1 });
  if (row + 1 < hordes[col]!.length) out.push({ col, row: row + 1 });
  if (col > 0 && hordes[col - 1]!.length > row && linked(g, col, col - 1)) out.push({ col: col - 1, row });
  if (col + 1 < hordes.length && hordes[col + 1]!.length > row && linked(g, col, col + 1)) out.push({ col: col + 1, row });
  return out;
}

export const adjacentIds = (g: GameState, id: CardId): CardId[] => {
  const cell = find(g, id);
  return cell ? adjacent(g, cell.col, cell.row).map((c) => g.hordes[c.col]![c.row]!) : [];
};

/** Are two occupied cells adjacent? */
export function isAdjacent(a: Cell, b: Cell, g: GameState): boolean {
  if (a.col === b.col) return a.row - b.row === 1 || b.row - a.row === 1;
  return a.row === b.row && (a.col - b.col === 1 || b.col - a.col === 1) && linked(g, a.col, b.col);
}

export const movable = (id: CardId): boolean => !factsOf(id).immovable;

/**
 * Every minion's peril in the horde zone (R5), by column and row. Auras reach
 * only their source's cell and its adjacent cells (the hook contract), so each
 * source touches those few cells instead of being tested against every minion.
 */
export function perils(g: GameState): number[][] {
  const hordes = g.hordes;
  const table = facts ?? build();
  const heroMod = heroHooks(g).perilMod;
  const tokens = g.perilSupply < PERIL_SUPPLY; // none on any minion otherwise
  const out: number[][] = [];
  let auras: Cell[] | null = null;
  for (let col = 0; col < hordes.length; col++) {
    const h = hordes[col]!;
    const locMod = placeOf(g, col).perilMod;
    const p = new Array<number>(h.length);
    for (let row = 0; row < h.length; row++) {
      const id = h[row]!;
      const f = table[id]!;
      let v = f.zonePeril;
      if (tokens) v += g.perilOn[id] ?? 0;
      if (heroMod) v += heroMod(f.card);
      if (locMod) v += locMod(g, col, row);
      p[row] = v;
      if (f.aura) (auras ??= []).push({ col, row });
    }
    out.push(p);
  }
  if (auras) {
    for (const a of auras) {
      const aura = table[hordes[a.col]![a.row]!]!.hooks.perilAura!;
      out[a.col]![a.row]! += aura(g, a, a);
      for (const t of adjacent(g, a.col, a.row)) out[t.col]![t.row]! += aura(g, a, t);
    }
    for (const p of out) for (let i = 0; i < p.length; i++) if (p[i]! < 0) p[i] = 0;
  }
  return out;
}

/** Each horde's total peril (0 where there is no horde). */
export function totals(g: GameState, p?: number[][]): number[] {
  if (!p) {
    const fast = plainTotals(g);
    if (fast) return fast;
    p = perils(g);
  }
  return p.map((col) => {
    let sum = 0;
    for (let i = 0; i < col.length; i++) sum += col[i]!;
    return sum;
  });
}

/** Totals without per-minion arrays, when no aura is in play (the usual case); else null. */
function plainTotals(g: GameState): number[] | null {
  const hordes = g.hordes;
  const table = facts ?? build();
  const heroMod = heroHooks(g).perilMod;
  const tokens = g.perilSupply < PERIL_SUPPLY;
  const out = new Array<number>(hordes.length);
  for (let col = 0; col < hordes.length; col++) {
    const h = hordes[col]!;
    const locMod = placeOf(g, col).perilMod;
    let sum = 0;
    for (let row = 0; row < h.length; row++) {
      const id = h[row]!;
      const f = table[id]!;
      if (f.aura) return null;
      let v = f.zonePeril;
      if (tokens) v += g.perilOn[id] ?? 0;
      if (heroMod) v += heroMod(f.card);
      if (locMod) v += locMod(g, col, row);
      sum += v > 0 ? v : 0;
    }
    out[col] = sum;
  }
  return out;
}

/** Who is protected from heroes (R8), by column and row. Same reach rule as auras. */
export function protections(g: GameState): boolean[][] {
  const hordes = g.hordes;
  const table = facts ?? build();
  const off = !!heroHooks(g).noProtection;
  const out: boolean[][] = [];
  let shields: Cell[] | null = null;
  for (let col = 0; col < hordes.length; col++) {
    const h = hordes[col]!;
    const protects = off ? null : placeOf(g, col).protects;
    const p = new Array<boolean>(h.length);
    for (let row = 0; row < h.length; row++) {
      p[row] = !!protects && protects(g, col, row);
      if (!off && table[h[row]!]!.shield) (shields ??= []).push({ col, row });
    }
    out.push(p);
  }
  if (shields) {
    for (const s of shields) {
      const protects = table[hordes[s.col]![s.row]!]!.hooks.protects!;
      if (protects(g, s, s)) out[s.col]![s.row] = true;
      for (const t of adjacent(g, s.col, s.row)) if (protects(g, s, t)) out[t.col]![t.row] = true;
    }
  }
  return out;
}

/** A horde's total peril (0 where there is no horde). */
export const hordePeril = (g: GameState, col: number): number => totals(g)[col]!;
/** A minion's peril in the horde zone (R5). */
export const perilAt = (g: GameState, col: number, row: number): number => perils(g)[col]![row]!;
/** Is the minion at (col, row) skipped by heroes (R8)? */
export const isProtected = (g: GameState, col: number, row: number): boolean => protections(g)[col]![row]!;
