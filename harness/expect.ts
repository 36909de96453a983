// What a scenario expects of a position (docs/SCENARIOS.md, Expectations): the final `expect` and
// every check between two actions. Each field is checked only when present; the first that does
// not hold is reported with what was expected and what was found. A field this file does not know
// is an error, never ignored.
import type { GameState } from '../shared/engine';
import { hordePeril } from '../shared/engine/board';

type Json = any;

/** Every field an expectation may hold. */
export const EXPECT_FIELDS = [
  'locations', 'hordes', 'havens', 'havensInOrder', 'hands', 'handsInOrder', 'decks', 'discards', 'tokensOn', 'perilSupply',
  'vp', 'hero', 'heroesLeft', 'heroDeck', 'peril', 'pending', 'options', 'over', 'control', 'scores', 'winner', 'log', 'logIncludes',
];

const sorted = (a: string[]) => [...a].sort();
export const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
export const show = (x: unknown): string => JSON.stringify(x);

/** "unknown field x" for the first key of `o` not in `known`, or null. */
export function unknownField(o: Record<string, unknown>, known: readonly string[], where: string): string | null {
  const k = Object.keys(o).find((key) => !known.includes(key));
  return k === undefined ? null : `${where}unknown field ${k}`;
}

const isStrings = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === 'string');

/**
 * The first expectation of `e` that does not hold on `g`, in words, or null. `log` is the lines
 * written since the previous check. Throws for an expectation the runner cannot read.
 */
export function compare(g: GameState, e: Json, log: readonly string[] = []): string | null {
  if (typeof e !== 'object' || e === null || Array.isArray(e)) throw new Error(`expected an object of expectations, got ${show(e)}`);
  const bad = unknownField(e, EXPECT_FIELDS, '');
  if (bad) throw new Error(bad);
  const col = (loc: string) => g.locations.indexOf(loc);
  const checks: [string, () => [unknown, unknown]][] = [];
  const add = (what: string, f: () => [unknown, unknown]) => checks.push([what, f]);
  // Fields keyed by location or instance must be objects: anything else is a file the runner cannot read.
  for (const key of ['hordes', 'havens', 'havensInOrder', 'tokensOn', 'peril', 'control', 'pending']) {
    const x = e[key];
    if (x !== undefined && (typeof x !== 'object' || (x === null && key !== 'pending') || Array.isArray(x))) {
      throw new Error(`${key}: expected an object keyed by id, got ${show(x)}`);
    }
  }
  for (const [loc, want] of Object.entries<string[]>(e.hordes ?? {})) add(`horde at ${loc}`, () => [g.hordes[col(loc)], want]);
  for (const [loc, want] of Object.entries<string[]>(e.havens ?? {})) {
    add(`haven at ${loc}`, () => [sorted(g.havens[col(loc)] ?? []), sorted(want)]);
  }
  for (const [loc, want] of Object.entries<string[]>(e.havensInOrder ?? {})) {
    add(`haven at ${loc}, in arrival order`, () => [g.havens[col(loc)], want]);
  }
  if ('locations' in e) add('locations in play', () => [g.locations, e.locations]);
  // Per seat; a seat given as null is not checked (as `decks` uses null for "the default").
  const perSeat = (what: string, wants: unknown, got: string[][], inOrder: boolean) => {
    if (!Array.isArray(wants)) throw new Error(`${what}: expected one list per seat, got ${show(wants)}`);
    wants.forEach((want, s) => {
      if (want === null) return;
      if (!isStrings(want)) throw new Error(`${what} of seat ${s}: expected a list of instances, got ${show(want)}`);
      add(`${what} of seat ${s}`, () => (inOrder ? [got[s] ?? [], want] : [sorted(got[s] ?? []), sorted(want)]));
    });
  };
  if ('hands' in e) perSeat('hand', e.hands, g.hands, false);
  if ('handsInOrder' in e) perSeat('hand, in order', e.handsInOrder, g.hands, true);
  if ('decks' in e) perSeat('deck, top first', e.decks, g.decks, true);
  if ('discards' in e) perSeat('discard', e.discards, g.discards, false);
  for (const [id, want] of Object.entries<{ vp?: number; peril?: number }>(e.tokensOn ?? {})) {
    if (typeof want !== 'object' || want === null) throw new Error(`tokensOn.${id}: expected { "vp": n, "peril": n }, got ${show(want)}`);
    const unknown = unknownField(want, ['vp', 'peril'], `tokensOn.${id}: `);
    if (unknown) throw new Error(unknown);
    if ('vp' in want) add(`VP tokens on ${id} (${where(g, id)})`, () => [g.vpOn[id] ?? 0, want.vp]);
    if ('peril' in want) add(`peril tokens on ${id} (${where(g, id)})`, () => [g.perilOn[id] ?? 0, want.peril]);
  }
  if ('vp' in e) add('held VP', () => [g.heldVP, e.vp]);
  if ('perilSupply' in e) add('peril tokens in the supply', () => [g.perilSupply, e.perilSupply]);
  if ('hero' in e) add('revealed hero', () => [g.hero, e.hero]);
  if ('heroesLeft' in e) add('heroes left', () => [g.heroDeck.length, e.heroesLeft]);
  if ('heroDeck' in e) add('heroes to come, top first', () => [g.heroDeck, e.heroDeck]);
  for (const [loc, want] of Object.entries<number>(e.peril ?? {})) {
    add(`peril at ${loc}`, () => [col(loc) < 0 ? undefined : hordePeril(g, col(loc)), want]);
  }
  if ('pending' in e) {
    const unknown = e.pending && unknownField(e.pending, ['seat', 'kind'], 'pending: ');
    if (unknown) throw new Error(unknown);
    add('pending decision', () => [g.pending && !g.over ? { seat: g.pending.seat, kind: g.pending.kind } : null,
      e.pending && { seat: e.pending.seat, kind: e.pending.kind }]);
  }
  if ('options' in e) add('options', () => [sorted(g.pending?.options ?? []), sorted(e.options)]);
  if ('over' in e) add('over', () => [g.over, e.over]);
  for (const [loc, want] of Object.entries(e.control ?? {})) add(`control of ${loc}`, () => [g.result?.control[loc], want]);
  if ('scores' in e) add('scores', () => [g.result?.scores, e.scores]);
  if ('winner' in e) add('winner', () => [g.result?.winner, e.winner]);
  for (const key of ['log', 'logIncludes']) {
    if (key in e && !isStrings(e[key])) throw new Error(`${key}: expected a list of log lines, got ${show(e[key])}`);
  }
  if ('log' in e) add('log since the previous check', () => [log, e.log]);
  // Shown whole when the lines are not all there in order, so the message says what was written.
  if ('logIncludes' in e) add('lines in this order in the log since the previous check', () => [inOrder(log, e.logIncludes) ? e.logIncludes : log, e.logIncludes]);
  for (const [what, f] of checks) {
    const [got, want] = f();
    if (!same(got, want)) return `${what}: expected ${show(want)}, got ${show(got)}`;
  }
  return null;
}

/** Do `want`'s lines appear in `log` in that order (others between them)? */
function inOrder(log: readonly string[], want: readonly string[]): boolean {
  let at = 0;
  for (const line of want) {
    const i = log.indexOf(line, at);
    if (i < 0) return false;
    at = i + 1;
  }
  return true;
}

/** Where a minion is, in words, for a token expectation's message. */
function where(g: GameState, id: string): string {
  for (const [c, h] of g.hordes.entries()) if (h.includes(id)) return `in the horde at ${g.locations[c]}`;
  for (const [c, h] of g.havens.entries()) if (h.includes(id)) return `in the haven at ${g.locations[c]}`;
  for (const [what, piles] of [['hand', g.hands], ['deck', g.decks], ['discard pile', g.discards]] as const) {
    if (piles.some((p) => p.includes(id))) return `in a ${what}`;
  }
  return 'nowhere in this game';
}
