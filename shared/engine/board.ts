// Reading the horde zone: cells, adjacency (R4), peril (R5), protection (R8).
// Pure queries; every card-specific effect comes through the registry's hooks.
// Hot path of every simulation, so continuous sources are gathered once per
// question and adjacency tests allocate nothing.
import { PERIL_SUPPLY } from './catalog';
import type { Cell, HeroHooks, LocationHooks, MinionHooks } from './hooks';
import { factsOf, factsTable, heroOf, heroRulesOf, placeOf as sidePlace, placesTable, type Place } from './registry';
import type { CardId, GameState } from './types';

export { factsOf, type Facts } from './registry';

export const minionHooks = (id: CardId): MinionHooks => factsOf(id).hooks;
// Each column's place, remembered beside the side it was looked up for (and the table it came
// from, rebuilt when the card set changes): every question about the zone reads places, and a
// compare of the side's id costs less than the table's dictionary lookup. Checked at each read,
// so it holds for any state, copied or changed in place.
let placeTable: Record<string, Place> | null = null;
const placeSide: (string | undefined | null)[] = [];
const placeHeld: Place[] = [];
function placeOf(g: GameState, col: number): Place {
  const side = g.locations[col];
  const table = placesTable();
  if (col < placeHeld.length && placeSide[col] === side && placeTable === table) return placeHeld[col]!;
  if (placeTable !== table) {
    placeTable = table;
    placeSide.length = 0;
    placeHeld.length = 0;
  }
  const p = sidePlace(side);
  while (placeHeld.length <= col) {
    placeSide.push(null); // matches no side, not even a column without one
    placeHeld.push(p);
  }
  placeSide[col] = side;
  placeHeld[col] = p;
  return p;
}
export const locationHooks = (g: GameState, col: number): LocationHooks => placeOf(g, col).hooks;
/** The name of the location at `col`, for the log ('?' while its side is not chosen). */
export const placeName = (g: GameState, col: number): string => placeOf(g, col).side?.name ?? '?';
export const heroHooks = (g: GameState): HeroHooks => heroRulesOf(g.hero);
export const threshold = (g: GameState): number => (g.hero ? heroOf(g.hero)!.threshold : Infinity);

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

/** The ids at the cells `adjacent` lists for a minion, in its order, without the list of cells. */
export function adjacentIds(g: GameState, id: CardId): CardId[] {
  const cell = find(g, id);
  if (!cell) return [];
  const { col, row } = cell;
  const hordes = g.hordes;
  const h = hordes[col]!;
  const out: CardId[] = [];
  if (row > 0) out.push(h[row - 1]!);
  if (row + 1 < h.length) out.push(h[row + 1]!);
  if (col > 0 && hordes[col - 1]!.length > row && linked(g, col, col - 1)) out.push(hordes[col - 1]![row]!);
  if (col + 1 < hordes.length && hordes[col + 1]!.length > row && linked(g, col, col + 1)) out.push(hordes[col + 1]![row]!);
  return out;
}

/** Are two cells next to each other in the same horde: one directly in front of the other (R4)? */
export const besideInHorde = (a: Cell, b: Cell): boolean =>
  a.col === b.col && (a.row - b.row === 1 || b.row - a.row === 1);

/** Are two occupied cells adjacent? */
export function isAdjacent(a: Cell, b: Cell, g: GameState): boolean {
  if (a.col === b.col) return besideInHorde(a, b);
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
  const table = factsTable();
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
  if (!p) return totalsInto(g, new Array<number>(g.hordes.length));
  return p.map((col) => {
    let sum = 0;
    for (let i = 0; i < col.length; i++) sum += col[i]!;
    return sum;
  });
}

// Scratch of the totals below, reused: every minion's peril, column after column (`start[col]`
// is a column's first), and where the aura sources stand. Every turn's peril check asks, so it
// allocates nothing.
let vals = new Float64Array(64);
let start = new Int32Array(8);
let auraAt = new Int32Array(16);
// The cells an aura is asked about, reused: a continuous hook reads its cells during the call.
const self: Cell = { col: 0, row: 0 };
const target: Cell = { col: 0, row: 0 };

/**
 * Each horde's total peril into `out` (as long as there are columns), in one pass over the zone,
 * the auras added where they reach, as `perils` counts them.
 */
export function totalsInto(g: GameState, out: number[]): number[] {
  const hordes = g.hordes;
  const cols = hordes.length;
  const table = factsTable();
  const heroMod = heroHooks(g).perilMod;
  const perilOn = g.perilOn;
  // Tokens on minions, as many as have left the supply (addPeril and stripTokens keep the two
  // together): once that many are found, no other minion holds one, so the rest are not looked up.
  let tokensLeft = PERIL_SUPPLY - g.perilSupply;
  if (start.length <= cols) start = new Int32Array(cols + 1);
  let n = 0;
  for (let col = 0; col < cols; col++) n += hordes[col]!.length;
  if (vals.length < n) vals = new Float64Array(n);
  if (auraAt.length < n) auraAt = new Int32Array(n);
  let k = 0;
  let auras = 0;
  for (let col = 0; col < cols; col++) {
    const h = hordes[col]!;
    const locMod = placeOf(g, col).perilMod;
    start[col] = k;
    // Summed as it goes: with no aura in play (most checks) this is the answer, no second pass.
    let sum = 0;
    for (let row = 0; row < h.length; row++) {
      const id = h[row]!;
      const f = table[id]!;
      let v = f.zonePeril;
      if (tokensLeft > 0) {
        const t = perilOn[id];
        if (t) {
          v += t;
          tokensLeft -= t;
        }
      }
      if (heroMod) v += heroMod(f.card);
      if (locMod) v += locMod(g, col, row);
      if (f.aura) auraAt[auras++] = k;
      vals[k++] = v;
      if (v > 0) sum += v;
    }
    out[col] = sum;
  }
  start[cols] = k;
  if (!auras) return out;
  let col = 0;
  for (let i = 0; i < auras; i++) {
    const at = auraAt[i]!;
    while (start[col + 1]! <= at) col++;
    const row = at - start[col]!;
    const aura = table[hordes[col]![row]!]!.hooks.perilAura!;
    self.col = col;
    self.row = row;
    vals[at] = vals[at]! + aura(g, self, self);
    // The cells `adjacent` lists, in its order, without making the list.
    const h = hordes[col]!;
    if (row > 0) auraOn(g, aura, col, row - 1);
    if (row + 1 < h.length) auraOn(g, aura, col, row + 1);
    if (col > 0 && hordes[col - 1]!.length > row && linked(g, col, col - 1)) auraOn(g, aura, col - 1, row);
    if (col + 1 < cols && hordes[col + 1]!.length > row && linked(g, col, col + 1)) auraOn(g, aura, col + 1, row);
  }
  for (let col = 0; col < cols; col++) {
    let sum = 0;
    for (let i = start[col]!, end = start[col + 1]!; i < end; i++) {
      const v = vals[i]!;
      if (v > 0) sum += v;
    }
    out[col] = sum;
  }
  return out;
}

function auraOn(g: GameState, aura: NonNullable<MinionHooks['perilAura']>, col: number, row: number): void {
  target.col = col;
  target.row = row;
  const j = start[col]! + row;
  vals[j] = vals[j]! + aura(g, self, target);
}

/** Who is protected from heroes (R8), by column and row. Same reach rule as auras. */
export function protections(g: GameState): boolean[][] {
  const hordes = g.hordes;
  const table = factsTable();
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

/**
 * Protection (R8) of the horde at `col` alone, the same as `protections(g)[col]`: by the reach
 * rule a shield there stands in that column or a neighbouring one, so the others are not read.
 */
export function protectionsOf(g: GameState, col: number): boolean[] {
  const hordes = g.hordes;
  const h = hordes[col]!;
  const off = !!heroHooks(g).noProtection;
  const protects = off ? null : placeOf(g, col).protects;
  const out = new Array<boolean>(h.length);
  for (let row = 0; row < h.length; row++) out[row] = !!protects && protects(g, col, row);
  if (off) return out;
  const table = factsTable();
  const last = Math.min(col + 1, hordes.length - 1);
  for (let c = Math.max(col - 1, 0); c <= last; c++) {
    const from = hordes[c]!;
    // A shield beside this column reaches only the cell in its own row, so only rows this horde
    // has are read; the cells are those `adjacent` lists in this column, without the list.
    const end = c === col ? from.length : Math.min(from.length, h.length);
    for (let row = 0; row < end; row++) {
      const f = table[from[row]!]!;
      if (!f.shield) continue;
      const s: Cell = { col: c, row };
      const shield = f.hooks.protects!;
      if (c === col) {
        if (shield(g, s, s)) out[row] = true;
        if (row > 0 && shield(g, s, { col, row: row - 1 })) out[row - 1] = true;
        if (row + 1 < h.length && shield(g, s, { col, row: row + 1 })) out[row + 1] = true;
      } else if (linked(g, c, col) && shield(g, s, { col, row })) out[row] = true;
    }
  }
  return out;
}

/**
 * The closest valid minion (R11) of the horde at `col`, the one `hero` (default: the revealed
 * one) would defeat, given that horde's protections by row: a hunted minion first, then the
 * back-most unprotected one (the front-most for a hero who attacks from the front). Null when
 * every minion is protected or there is no hero.
 */
export function closestValid(g: GameState, col: number, prot: boolean[] = protectionsOf(g, col), hero: string | null = g.hero): CardId | null {
  const horde = g.hordes[col]!;
  const table = factsTable();
  for (let row = horde.length - 1; row > 0; row--) if (!prot[row] && table[horde[row]!]!.hunted) return horde[row]!;
  if (heroRulesOf(hero).fromFront) {
    for (let row = 0; row < horde.length; row++) if (!prot[row]) return horde[row]!;
  } else {
    for (let row = horde.length - 1; row >= 0; row--) if (!prot[row]) return horde[row]!;
  }
  return null;
}

/**
 * How far the horde at `col` is from `hero`'s attack (R10), given its total peril: the peril it
 * lacks to reach the threshold, or the minions it lacks where the hero also takes a horde by its
 * size, whichever is fewer. 0 or less: it qualifies. Infinity without a hero.
 */
export function attackGap(g: GameState, col: number, hero: string | null = g.hero, peril = totals(g)[col]!): number {
  if (!hero) return Infinity;
  const gap = heroOf(hero)!.threshold - peril;
  const size = heroRulesOf(hero).hordeSize;
  return size !== undefined && size - g.hordes[col]!.length < gap ? size - g.hordes[col]!.length : gap;
}

/** Does a hunted minion stand at this id (a hero takes it first, R11)? */
export const isHunted = (id: CardId): boolean => factsOf(id).hunted;

/** VP the active player takes when a hero defeats an opponent's minion in the horde at `col` (R12). */
export const defeatReward = (g: GameState, col: number): number => 2 + (locationHooks(g, col).heroDefeatBonus ?? 0);

/** A horde's total peril (0 where there is no horde). */
export const hordePeril = (g: GameState, col: number): number => totals(g)[col]!;
/** A minion's peril in the horde zone (R5). */
export const perilAt = (g: GameState, col: number, row: number): number => perils(g)[col]![row]!;
/** Is the minion at (col, row) skipped by heroes (R8)? */
export const isProtected = (g: GameState, col: number, row: number): boolean => protections(g)[col]![row]!;
