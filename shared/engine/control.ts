// Control of a location (R21), written once: the final scoring counts the haven, and a bot
// weighing a position counts the horde too ("as if it escaped now").
import { locationHooks } from './board';
import type { MinionCard } from './catalog';
import type { ControlRule } from './hooks';
import { factsOf } from './registry';
import type { GameState, Seat } from './types';

/** Who would control a location, and by how much. */
export interface Standing {
  /** The controlling seat, or null (nobody competes, or the best are tied). */
  seat: Seat | null;
  /** The controller's lead over the best rival in the location's own measure (its total, or its
   * shortfall where the lowest wins): 0 when a tie of totals went to the one with more minions,
   * Infinity when nobody else competes; 0 without a controller. */
  lead: number;
}

/** Per seat, what the location counts (null: does not compete) and how many minions are there. */
export interface Tally { totals: (number | null)[]; count: number[] }

// Scratch, reused: a bot asks this thousands of times per decision.
const count = [0, 0, 0, 0];
const total = [0, 0, 0, 0];

/** A minion's contribution to its owner's total where the location sets no weight: its printed peril. */
const printedPeril = (card: MinionCard): number => card.peril;

/** What a minion counts towards control of column `col` (R21): its printed peril unless the location says otherwise. */
export function controlMeasure(g: GameState, col: number): (card: MinionCard) => number {
  return locationHooks(g, col).control?.weight ?? printedPeril;
}

/** Fill the scratch counts for column `col`: its haven, and its horde too when asked. */
function gather(g: GameState, col: number, withHorde: boolean): void {
  for (let s = 0; s < g.players; s++) { count[s] = 0; total[s] = 0; }
  const measure = controlMeasure(g, col);
  for (let k = withHorde ? 0 : 1; k < 2; k++) {
    const list = k ? g.havens[col]! : g.hordes[col]!;
    for (let i = 0; i < list.length; i++) {
      const f = factsOf(list[i]!);
      count[f.seat]!++;
      total[f.seat]! += measure(f.card);
    }
  }
}

/** Is seat a ahead of seat b on the scratch counts: > 0 ahead, 0 level, < 0 behind. */
function ahead(a: number, b: number, sign: number, byCount: boolean): number {
  const d = sign * (total[a]! - total[b]!);
  return d !== 0 || !byCount ? d : count[a]! - count[b]!;
}

/** R21 on the scratch counts: each competitor's total, the best wins (the lowest where the
 * location says so), a tie goes by the most minions where it says so, else to nobody. */
function decide(players: number, rule: ControlRule | undefined): Standing {
  const min = rule?.minMinions ?? 1;
  const sign = rule?.lowest ? -1 : 1;
  const byCount = !!rule?.tieByCount;
  let best = -1;
  let second = -1;
  for (let s = 0; s < players; s++) {
    if (count[s]! < min) continue;
    if (best < 0 || ahead(s, best, sign, byCount) > 0) {
      second = best;
      best = s;
    } else if (second < 0 || ahead(s, second, sign, byCount) > 0) second = s;
  }
  if (best < 0) return { seat: null, lead: 0 };
  if (second < 0) return { seat: best, lead: Infinity };
  if (ahead(best, second, sign, byCount) === 0) return { seat: null, lead: 0 };
  return { seat: best, lead: sign * (total[best]! - total[second]!) };
}

/**
 * `control(g, col, true)` from a tally the caller made while reading the zone for its own ends
 * (a bot's estimate reads every horde and haven anyway, so it spares a second pass): `seats`
 * (minions) and `measure` per seat over the haven and the horde, from index `at`, each minion
 * measured by `controlMeasure`.
 */
export function controlFrom(g: GameState, col: number, seats: ArrayLike<number>, measure: ArrayLike<number>, at = 0): Standing {
  for (let s = 0; s < g.players; s++) { count[s] = seats[at + s]!; total[s] = measure[at + s]!; }
  return decide(g.players, locationHooks(g, col).control);
}

/** Who controls the location of column `col` now (R21), counting its haven, and its horde too with `withHorde`. */
export function control(g: GameState, col: number, withHorde = false): Standing {
  const rule = locationHooks(g, col).control;
  gather(g, col, withHorde);
  return decide(g.players, rule);
}

/** The final contest at column `col` (R21): each seat's total and count in the haven, and who wins it. */
export function tally(g: GameState, col: number): Tally & Standing {
  const rule = locationHooks(g, col).control;
  gather(g, col, false);
  const min = rule?.minMinions ?? 1;
  const counts: number[] = [];
  const totals: (number | null)[] = [];
  for (let s = 0; s < g.players; s++) {
    counts.push(count[s]!);
    totals.push(count[s]! >= min ? total[s]! : null);
  }
  const d = decide(g.players, rule);
  return { totals, count: counts, seat: d.seat, lead: d.lead };
}
