// Runs scenario files (docs/SCENARIOS.md) against the engine. Reading the file, building the position, applying the actions and
// comparing the expectations all report a difference; nothing throws.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { apply, createGame, LOCATION_CARDS, type Action, type GameState } from '../shared/engine';
import { hordePeril } from '../shared/engine/board';
import { placeBoard } from './board';

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
    g = setUp(s);
  } catch (e) {
    return fail(`bad setup: ${(e as Error).message}`);
  }
  const actions: Json[] = Array.isArray(s.actions) ? s.actions : [];
  for (const [i, a] of actions.entries()) {
    const action = toAction(a);
    if (!action) return fail(`action ${i + 1} is not an action: ${show(a)}`);
    if (a.expectOptions !== undefined) {
      if (!Array.isArray(a.expectOptions)) return fail(`action ${i + 1}: expectOptions must be a list of option strings`);
      const got = g.pending && !g.over ? g.pending.options : null;
      if (!same(got && sorted(got), sorted(a.expectOptions))) {
        return fail(`action ${i + 1}: options of ${g.pending?.kind ?? 'no decision'} before it: expected ${show(sorted(a.expectOptions))}, got ${show(got && sorted(got))}`);
      }
    }
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

/** The position a scenario starts from: dealt by createGame, then its `board`, if any, laid on it. */
function setUp(s: Json): GameState {
  const common = { players: s.players, heroes: s.heroes, hands: s.hands, decks: s.decks, first: s.first ?? 0 };
  if (s.locations === 'choose') {
    if (s.board !== undefined) throw new Error('a board needs its locations named, not chosen');
    return dealing(common, s.deal);
  }
  if (s.deal !== undefined) throw new Error('deal is only for "locations": "choose"');
  const g = createGame({ ...common, locations: s.locations, seed: 0 });
  if (s.board === undefined) return g;
  if (g.pending?.kind !== 'play' || g.pending.seat !== common.first || g.over) {
    throw new Error('a board is laid when the first seat\'s play is pending, so the first seat must hold a card');
  }
  placeBoard(g, s.board, (Array.isArray(s.decks) ? s.decks : []).map(Array.isArray));
  return g;
}

/**
 * `choose-side` with the location cards a scenario names. Scenarios never
 * shuffle, but the engine deals the cards from its seed, so this looks for the
 * first seed that deals exactly these cards in this order (at most 720 orders
 * of 5 cards from 6): the engine stays as it is and the deal is the file's.
 */
function dealing(common: Json, deal: Json): GameState {
  const P = common.players;
  if (!Array.isArray(deal) || deal.length !== P + 1) throw new Error(`deal: expected the ${P + 1} location cards dealt, left to right`);
  const cards = deal.map((side: unknown) => {
    const c = LOCATION_CARDS.findIndex(([a, b]) => a.id === side || b.id === side);
    if (c < 0) throw new Error(`deal: ${show(side)} is not a location side`);
    return c;
  });
  if (new Set(cards).size !== cards.length) throw new Error('deal: a location card is dealt twice');
  for (let seed = 0; seed < 100_000; seed++) {
    const g = createGame({ ...common, locations: 'choose', seed });
    if (same(g.sideCards, cards)) return g;
  }
  throw new Error(`deal: no seed deals ${show(deal)}`);
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
  for (const key of ['hordes', 'havens', 'havensInOrder', 'tokensOn', 'peril', 'control']) {
    const x = e[key];
    if (x !== undefined && (typeof x !== 'object' || x === null || Array.isArray(x))) {
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
    if ('vp' in want) add(`VP tokens on ${id} (${where(g, id)})`, () => [g.vpOn[id] ?? 0, want.vp]);
    if ('peril' in want) add(`peril tokens on ${id} (${where(g, id)})`, () => [g.perilOn[id] ?? 0, want.peril]);
  }
  if (e.vp) add('held VP', () => [g.heldVP, e.vp]);
  if ('perilSupply' in e) add('peril tokens in the supply', () => [g.perilSupply, e.perilSupply]);
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

/** Where a minion is, in words, for a token expectation's message. */
function where(g: GameState, id: string): string {
  for (const [c, h] of g.hordes.entries()) if (h.includes(id)) return `in the horde at ${g.locations[c]}`;
  for (const [c, h] of g.havens.entries()) if (h.includes(id)) return `in the haven at ${g.locations[c]}`;
  for (const [what, piles] of [['hand', g.hands], ['deck', g.decks], ['discard pile', g.discards]] as const) {
    if (piles.some((p) => p.includes(id))) return `in a ${what}`;
  }
  return 'nowhere in this game';
}
