// Runs scenario files (docs/SCENARIOS.md) against the engine. Reading the file, building the
// position, applying the actions and comparing the expectations (harness/expect.ts), at the end
// and between actions, all report a difference; nothing throws. A field it does not know fails.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { apply, createGame, LOCATION_CARDS, type Action, type GameState } from '../shared/engine';
import { isMap, placeBoard, startAt } from './board';
import { compare, same, show, unknownField } from './expect';

export interface Outcome { name: string; ok: boolean; why?: string }

type Json = any;

const sorted = (a: string[]) => [...a].sort();

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

/** The fields of a scenario file, of an action and of a check between two actions. */
const SCENARIO_FIELDS = ['name', 'why', 'players', 'locations', 'deal', 'heroes', 'hands', 'decks', 'first', 'board', 'start', 'actions', 'expect'];
const ACTION_FIELDS = ['seat', 'type', 'card', 'location', 'option', 'illegal', 'expectOptions', 'why'];
const CHECK_FIELDS = ['expect', 'why'];

export function runScenario(s: Json, label = String(s?.name ?? 'scenario')): Outcome {
  const name = typeof s?.name === 'string' ? s.name : label;
  const fail = (why: string): Outcome => ({ name, ok: false, why });
  if (!isMap(s)) return fail(`a scenario is an object, not ${show(s)}`);
  const unknown = unknownField(s, SCENARIO_FIELDS, '');
  if (unknown) return fail(unknown);
  let g: GameState;
  try {
    g = setUp(s);
  } catch (e) {
    return fail(`bad setup: ${(e as Error).message}`);
  }
  // With chosen sides the board waits for the last side (its locations are named by the sides chosen).
  let laid = s.locations !== 'choose' || (s.board === undefined && s.start === undefined);
  // The log from the starting position on; each check reads the lines since the previous one.
  const log: string[] = [];
  let checked = 0;
  const lay = (): string | null => {
    if (laid || g.sideCards.length || g.pending?.kind === 'choose-side') return null;
    laid = true;
    const seq = g.seq;
    try {
      layOn(g, s);
    } catch (e) {
      return `bad setup: ${(e as Error).message}`;
    }
    log.push(...g.log.filter((e) => e.seq > seq).map((e) => e.text));
    return null;
  };
  const check = (e: Json): string | null => {
    let diff: string | null;
    try {
      diff = compare(g, e ?? {}, log.slice(checked));
    } catch (err) {
      diff = `bad expectation: ${(err as Error).message}`;
    }
    checked = log.length;
    return diff;
  };
  if (s.locations !== 'choose') {
    const seq = g.seq;
    try {
      startAt(g, s.start);
    } catch (e) {
      return fail(`bad setup: ${(e as Error).message}`);
    }
    log.push(...g.log.filter((e) => e.seq > seq).map((e) => e.text));
  }
  const actions: Json[] = Array.isArray(s.actions) ? s.actions : [];
  for (const [i, a] of actions.entries()) {
    const at = lay();
    if (at) return fail(at);
    if (isMap(a) && 'expect' in a) {
      const bad = unknownField(a, CHECK_FIELDS, '');
      const diff = bad ?? check(a.expect);
      if (diff) return fail(`check at entry ${i + 1}: ${diff}`);
      continue;
    }
    const action = toAction(a);
    if (!action) return fail(`action ${i + 1} is not an action: ${show(a)}`);
    const bad = unknownField(a, ACTION_FIELDS, `action ${i + 1}: `);
    if (bad) return fail(bad);
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
    log.push(...r.events.map((e) => e.text));
  }
  const at = lay();
  if (at) return fail(at);
  if (!laid) return fail('bad setup: the board waits for the last location side, and no action chose it');
  const diff = check(s.expect);
  return diff ? fail(diff) : { name, ok: true };
}

/** The position a scenario starts from: dealt by createGame, then its `board`, if any, laid on it. */
function setUp(s: Json): GameState {
  const common = { players: s.players, heroes: s.heroes, hands: s.hands, decks: s.decks, first: s.first ?? 0 };
  if (s.locations === 'choose') return dealing(common, s.deal);
  if (s.deal !== undefined) throw new Error('deal is only for "locations": "choose"');
  const g = createGame({ ...common, locations: s.locations, seed: 0 });
  if (s.board !== undefined) layBoard(g, s);
  return g;
}

/** The board once the first seat's play is pending (so the first seat must hold a card). */
function layBoard(g: GameState, s: Json): void {
  if (g.pending?.kind !== 'play' || g.pending.seat !== (s.first ?? 0) || g.over) {
    throw new Error('a board is laid when the first seat\'s play is pending, so the first seat must hold a card');
  }
  placeBoard(g, s.board, (Array.isArray(s.decks) ? s.decks : []).map(Array.isArray));
}

/** After the last side is chosen: the board, then where the game starts. */
function layOn(g: GameState, s: Json): void {
  if (s.board !== undefined) layBoard(g, s);
  startAt(g, s.start);
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
