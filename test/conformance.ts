// Runs conformance scenarios (../shared/darkmoor/CONFORMANCE.md) against the
// engine. Reading the file, building the position, applying the actions and
// comparing the expectations all report a difference; nothing throws.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { apply, createGame, type Action, type GameState } from '../shared/engine';
import { hordePeril } from '../shared/engine/board';

export interface Outcome { name: string; ok: boolean; why?: string }

type Json = any;

const sorted = (a: string[]) => [...a].sort();
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const show = (x: unknown) => JSON.stringify(x);

/** Every *.json file below `dir` (or `dir` itself), in name order. */
export function scenarioFiles(dir: string): string[] {
  if (statSync(dir).isFile()) return [dir];
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => (e.isDirectory() ? scenarioFiles(join(dir, e.name)) : e.name.endsWith('.json') ? [join(dir, e.name)] : []));
}

export function runFile(file: string, root = ''): Outcome {
  const label = root ? relative(root, file) : file;
  let s: Json;
  try {
    s = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    return { name: label, ok: false, why: `cannot read: ${(e as Error).message}` };
  }
  return runScenario(s, label);
}

export function runScenario(s: Json, label = String(s?.name ?? 'scenario')): Outcome {
  const name = typeof s?.name === 'string' ? s.name : label;
  const fail = (why: string): Outcome => ({ name, ok: false, why });
  let g: GameState;
  try {
    g = createGame({
      players: s.players, locations: s.locations, heroes: s.heroes, hands: s.hands,
      decks: s.decks, first: s.first ?? 0, seed: 0,
    });
  } catch (e) {
    return fail(`bad setup: ${(e as Error).message}`);
  }
  const actions: Json[] = Array.isArray(s.actions) ? s.actions : [];
  for (const [i, a] of actions.entries()) {
    const action = toAction(a);
    if (!action) return fail(`action ${i + 1} is not an action: ${show(a)}`);
    const before = JSON.stringify(g);
    let r: ReturnType<typeof apply>;
    try {
      r = apply(g, action);
    } catch (e) {
      return fail(`action ${i + 1} ${show(a)}: the engine threw: ${(e as Error).message}`);
    }
    if (a.illegal) {
      if (r.ok) return fail(`action ${i + 1} ${show(a)} should be illegal but was accepted`);
      if (JSON.stringify(g) !== before) return fail(`action ${i + 1}: a refused action changed the state`);
      continue;
    }
    if (!r.ok) return fail(`action ${i + 1} ${show(a)} was refused: ${r.error.code}: ${r.error.message}`);
    g = r.state;
  }
  let diff: string | null;
  try {
    diff = compare(g, s.expect ?? {});
  } catch (e) {
    return fail(`bad expectation: ${(e as Error).message}`);
  }
  return diff ? fail(diff) : { name, ok: true };
}

function toAction(a: Json): Action | null {
  if (!a || typeof a !== 'object' || !Number.isInteger(a.seat)) return null;
  if (a.type === 'play' && typeof a.card === 'string' && typeof a.location === 'string') {
    return { type: 'play', seat: a.seat, card: a.card, location: a.location };
  }
  if (a.type === 'choose' && typeof a.option === 'string') return { type: 'choose', seat: a.seat, option: a.option };
  return null;
}

/** The first expectation that does not hold, in words, or null. */
export function compare(g: GameState, e: Json): string | null {
  const col = (loc: string) => g.locations.indexOf(loc);
  const checks: [string, () => [unknown, unknown]][] = [];
  const add = (what: string, f: () => [unknown, unknown]) => checks.push([what, f]);
  // Fields keyed by location or instance must be objects: anything else is a file the runner cannot read.
  for (const key of ['hordes', 'havens', 'tokensOn', 'peril', 'control']) {
    const x = e[key];
    if (x !== undefined && (typeof x !== 'object' || x === null || Array.isArray(x))) {
      throw new Error(`${key}: expected an object keyed by id, got ${show(x)}`);
    }
  }
  for (const [loc, want] of Object.entries<string[]>(e.hordes ?? {})) add(`horde at ${loc}`, () => [g.hordes[col(loc)], want]);
  for (const [loc, want] of Object.entries<string[]>(e.havens ?? {})) {
    add(`haven at ${loc}`, () => [sorted(g.havens[col(loc)] ?? []), sorted(want)]);
  }
  // Per seat; a seat given as null is not checked (as `decks` uses null for "the default").
  const perSeat = (what: string, wants: unknown, got: string[][]) => {
    if (!Array.isArray(wants)) throw new Error(`${what}: expected one list per seat, got ${show(wants)}`);
    wants.forEach((want, s) => {
      if (want === null) return;
      if (!Array.isArray(want)) throw new Error(`${what} of seat ${s}: expected a list of instances, got ${show(want)}`);
      add(`${what} of seat ${s}`, () => [sorted(got[s] ?? []), sorted(want)]);
    });
  };
  if (e.hands) perSeat('hand', e.hands, g.hands);
  if (e.discards) perSeat('discard', e.discards, g.discards);
  for (const [id, want] of Object.entries<{ vp?: number; peril?: number }>(e.tokensOn ?? {})) {
    if ('vp' in want) add(`VP tokens on ${id}`, () => [g.vpOn[id] ?? 0, want.vp]);
    if ('peril' in want) add(`peril tokens on ${id}`, () => [g.perilOn[id] ?? 0, want.peril]);
  }
  if (e.vp) add('held VP', () => [g.heldVP, e.vp]);
  if ('hero' in e) add('revealed hero', () => [g.hero, e.hero]);
  if ('heroesLeft' in e) add('heroes left', () => [g.heroDeck.length, e.heroesLeft]);
  for (const [loc, want] of Object.entries<number>(e.peril ?? {})) {
    add(`peril at ${loc}`, () => [col(loc) < 0 ? undefined : hordePeril(g, col(loc)), want]);
  }
  if ('pending' in e) {
    add('pending decision', () => [g.pending && !g.over ? { seat: g.pending.seat, kind: g.pending.kind } : null,
      e.pending && { seat: e.pending.seat, kind: e.pending.kind }]);
  }
  if (e.options) add('options', () => [sorted(g.pending?.options ?? []), sorted(e.options)]);
  if ('over' in e) add('over', () => [g.over, e.over]);
  if (e.control) {
    for (const [loc, want] of Object.entries(e.control)) add(`control of ${loc}`, () => [g.result?.control[loc], want]);
  }
  if (e.scores) add('scores', () => [g.result?.scores, e.scores]);
  if ('winner' in e) add('winner', () => [g.result?.winner, e.winner]);
  for (const [what, f] of checks) {
    const [got, want] = f();
    if (!same(got, want)) return `${what}: expected ${show(want)}, got ${show(got)}`;
  }
  return null;
}
