// Reading the horde zone: cells, adjacency (R4), peril (R5), protection (R8).
// Pure queries; every card-specific effect comes through the hook registry.
import { heroCard } from './catalog';
import type { Cell, HeroHooks, LocationHooks, MinionHooks } from './hooks';
import { cardOf, instance } from './ids';
import { HERO_HOOKS, LOCATION_HOOKS, MINION_HOOKS } from './abilities';
import type { CardId, GameState } from './types';

const NONE = {};
export const minionHooks = (id: CardId): MinionHooks => MINION_HOOKS[cardOf(id).id] ?? NONE;
export const locationHooks = (g: GameState, col: number): LocationHooks =>
  LOCATION_HOOKS[g.locations[col]!] ?? NONE;
export const heroHooks = (g: GameState): HeroHooks => (g.hero ? HERO_HOOKS[g.hero] ?? NONE : NONE);
export const threshold = (g: GameState): number => (g.hero ? heroCard(g.hero)!.threshold : Infinity);

export const columnOf = (g: GameState, location: string): number => g.locations.indexOf(location);

/** Where a minion stands in the horde zone, or null if it is not there. */
export function find(g: GameState, id: CardId): Cell | null {
  const hordes = g.hordes;
  for (let col = 0; col < hordes.length; col++) {
    const row = hordes[col]!.indexOf(id);
    if (row >= 0) return { col, row };
  }
  return null;
}

export const at = (g: GameState, col: number, row: number): CardId | undefined => g.hordes[col]?.[row];

/** The occupied cells next to (col, row): same horde front/back, and the same row of the
 * neighbouring columns unless Whispering Caves cuts the link. Empty columns are not skipped. */
export function adjacent(g: GameState, col: number, row: number): Cell[] {
  const out: Cell[] = [];
  const horde = g.hordes[col]!;
  if (row > 0) out.push({ col, row: row - 1 });
  if (row + 1 < horde.length) out.push({ col, row: row + 1 });
  if (!locationHooks(g, col).isolated) {
    for (const c of [col - 1, col + 1]) {
      if (c < 0 || c >= g.hordes.length || locationHooks(g, c).isolated) continue;
      if (g.hordes[c]!.length > row) out.push({ col: c, row });
    }
  }
  return out;
}

export const adjacentIds = (g: GameState, id: CardId): CardId[] => {
  const cell = find(g, id);
  return cell ? adjacent(g, cell.col, cell.row).map((c) => g.hordes[c.col]![c.row]!) : [];
};

export const isAdjacent = (a: Cell, b: Cell, g: GameState): boolean =>
  adjacent(g, a.col, a.row).some((c) => c.col === b.col && c.row === b.row);

export const movable = (id: CardId): boolean => !minionHooks(id).immovable;

/** Cells of minions with a continuous hook of the given name. */
function sources(g: GameState, hook: 'perilAura' | 'protects'): Cell[] {
  const out: Cell[] = [];
  const hordes = g.hordes;
  for (let col = 0; col < hordes.length; col++) {
    const h = hordes[col]!;
    for (let row = 0; row < h.length; row++) if (minionHooks(h[row]!)[hook]) out.push({ col, row });
  }
  return out;
}

function perilWith(g: GameState, col: number, row: number, auras: Cell[]): number {
  const id = g.hordes[col]![row]!;
  const inst = instance(id)!;
  const hooks = MINION_HOOKS[inst.card.id];
  let p = hooks?.zonePeril ?? inst.card.peril;
  p += g.perilOn[id] ?? 0;
  const hero = heroHooks(g);
  if (hero.perilMod) p += hero.perilMod(inst.card);
  const loc = locationHooks(g, col);
  if (loc.perilMod) p += loc.perilMod(g, col, row);
  const target = { col, row };
  for (const s of auras) p += minionHooks(g.hordes[s.col]![s.row]!).perilAura!(g, s, target);
  return p > 0 ? p : 0;
}

/** A minion's peril in the horde zone (R5). */
export const perilAt = (g: GameState, col: number, row: number): number =>
  perilWith(g, col, row, sources(g, 'perilAura'));

/** A horde's total peril (0 where there is no horde). */
export function hordePeril(g: GameState, col: number): number {
  const auras = sources(g, 'perilAura');
  let total = 0;
  for (let row = 0; row < g.hordes[col]!.length; row++) total += perilWith(g, col, row, auras);
  return total;
}

/** Is the minion at (col, row) skipped by heroes (R8)? */
export function isProtected(g: GameState, col: number, row: number): boolean {
  if (heroHooks(g).noProtection) return false;
  const loc = locationHooks(g, col);
  if (loc.protects?.(g, col, row)) return true;
  const target = { col, row };
  for (const s of sources(g, 'protects')) {
    if (minionHooks(g.hordes[s.col]![s.row]!).protects!(g, s, target)) return true;
  }
  return false;
}
