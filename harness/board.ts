// A prepared board: minions already in hordes, havens and discard piles, tokens
// on them, VP held, the peril supply. It is laid onto a game that createGame has
// just dealt (the first seat's `play` pending), so a scenario or a test starts
// from the position it is about instead of playing up to it. Used by the
// scenario runner (harness/conformance.ts) and the engine tests (test/engine/helpers.ts);
// it only writes GameState fields and never runs a rule. Then `startAt` may move the first
// turn on past its play: into an attack, or to the reveal of a hero; from there the engine's
// own turn machinery runs.
import { PERIL_SUPPLY, instance, type GameState } from '../shared/engine';
import { qualifying } from '../shared/engine/attack';
import { hordePeril, threshold } from '../shared/engine/board';
import { nameOf } from '../shared/engine/registry';
import { run } from '../shared/engine/turn';

export interface Board {
  /** Location id -> minion instances, front (position 0) first. */
  hordes?: Record<string, string[]>;
  /** Location id -> minion instances in its safe haven, in arrival order. */
  havens?: Record<string, string[]>;
  /** Minion instances already in their owners' discard piles. */
  discards?: string[];
  /** Tokens on minions in the horde zone (minions in a haven carry none). */
  tokens?: Record<string, { vp?: number; peril?: number }>;
  /** VP already held by each seat. */
  vp?: number[];
  /** Peril tokens left in the supply; default 10 minus those on minions. */
  perilSupply?: number;
}

export class BoardError extends Error {}

const isList = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === 'string');
export const isMap = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const count = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 0;

/**
 * Puts `board` in place on `g` (mutated). Every minion must come out of its
 * owner's deck, never a hand; with `deckGiven[seat]` (an explicit deck in the
 * setup) a minion that is in no deck may be placed too. Throws BoardError with
 * the reason when the board is not a position the game could hold.
 */
export function placeBoard(g: GameState, board: unknown, deckGiven: readonly boolean[] = []): void {
  const fail = (why: string): never => { throw new BoardError(why); };
  if (!isMap(board)) fail(`board: expected an object, got ${JSON.stringify(board)}`);
  const b = board as Board;
  const known = ['hordes', 'havens', 'discards', 'tokens', 'vp', 'perilSupply'];
  for (const k of Object.keys(b)) if (!known.includes(k)) fail(`board: unknown field ${k}`);
  const placed = new Set<string>();
  const take = (id: string) => {
    const m = instance(id);
    if (!m || m.seat >= g.players) fail(`board: ${id} is not a minion of this game`);
    if (placed.has(id)) fail(`board: ${id} is placed twice`);
    placed.add(id);
    if (g.hands[m!.seat]!.includes(id)) fail(`board: ${id} is in a hand`);
    const deck = g.decks[m!.seat]!;
    const i = deck.indexOf(id);
    if (i >= 0) deck.splice(i, 1);
    else if (!deckGiven[m!.seat]) fail(`board: ${id} is not in seat ${m!.seat}'s deck`);
  };
  const colOf = (loc: string) => {
    const c = g.locations.indexOf(loc);
    if (c < 0) fail(`board: ${loc} is not in play`);
    return c;
  };
  for (const key of ['hordes', 'havens'] as const) {
    const zone = b[key];
    if (zone === undefined) continue;
    if (!isMap(zone)) fail(`board.${key}: expected an object keyed by location`);
    for (const [loc, ids] of Object.entries(zone)) {
      if (!isList(ids)) fail(`board.${key}.${loc}: expected a list of minions`);
      const c = colOf(loc);
      ids.forEach(take);
      g[key][c] = [...ids];
    }
  }
  if (b.discards !== undefined) {
    if (!isList(b.discards)) fail('board.discards: expected a list of minions');
    for (const id of b.discards) {
      take(id);
      g.discards[instance(id)!.seat]!.push(id);
    }
  }
  const inHorde = (id: string) => g.hordes.some((h) => h.includes(id));
  let onMinions = 0;
  if (b.tokens !== undefined) {
    if (!isMap(b.tokens)) fail('board.tokens: expected an object keyed by minion');
    for (const [id, t] of Object.entries(b.tokens)) {
      if (!isMap(t)) fail(`board.tokens.${id}: expected { "vp": n, "peril": n }`);
      for (const k of Object.keys(t)) if (k !== 'vp' && k !== 'peril') fail(`board.tokens.${id}: unknown field ${k}`);
      // Tokens ride on minions in the horde zone only: escaping cashes them in (R16).
      if (!inHorde(id)) fail(`board.tokens: ${id} is not in a horde, so it carries no tokens`);
      const { vp = 0, peril = 0 } = t as { vp?: unknown; peril?: unknown };
      if (!count(vp) || !count(peril)) fail(`board.tokens.${id}: token counts are whole numbers from 0`);
      if (vp) g.vpOn[id] = vp as number;
      if (peril) g.perilOn[id] = peril as number;
      onMinions += peril as number;
    }
  }
  if (onMinions > PERIL_SUPPLY) fail(`board: ${onMinions} peril tokens on minions, but there are only ${PERIL_SUPPLY}`);
  if (b.perilSupply !== undefined) {
    // Fewer than the rest stands for tokens out of play: a test of a short supply need not place them all.
    if (!count(b.perilSupply) || b.perilSupply > PERIL_SUPPLY - onMinions) {
      fail(`board.perilSupply: expected 0 to ${PERIL_SUPPLY - onMinions} (${onMinions} are on minions), got ${JSON.stringify(b.perilSupply)}`);
    }
    g.perilSupply = b.perilSupply;
  } else g.perilSupply = PERIL_SUPPLY - onMinions;
  if (b.vp !== undefined) {
    if (!Array.isArray(b.vp) || b.vp.length !== g.players || !b.vp.every(count)) {
      fail(`board.vp: expected ${g.players} whole numbers, one per seat`);
    }
    g.heldVP = [...b.vp];
  }
}

/**
 * Where the first turn stands once the board is laid (docs/SCENARIOS.md, Where the game starts):
 * `"play"` (or nothing), its play pending; `{ "attack": location }`, the first seat's step 2A, the
 * revealed hero attacking that horde, which must qualify (R10); `"reveal"`, its step 3, the first
 * hero of the deck revealed now, so a horde that qualifies for it waits for the next peril check.
 * Then step 4 and the next turns run as in any game. Throws BoardError when it cannot start there.
 */
export function startAt(g: GameState, start: unknown): void {
  if (start === undefined || start === 'play') return;
  const fail = (why: string): never => { throw new BoardError(why); };
  if (start === 'reveal') {
    if (!g.hero) fail('start "reveal": there is no hero to reveal');
    g.heroDeck.unshift(g.hero!);
    g.hero = null;
    go(g, { t: 'reveal' });
    return;
  }
  if (!isMap(start) || Object.keys(start).join() !== 'attack' || typeof start.attack !== 'string') {
    return fail(`start: expected "play", "reveal" or { "attack": "<location>" }, got ${JSON.stringify(start)}`);
  }
  const col = g.locations.indexOf(start.attack);
  if (col < 0) fail(`start.attack: ${start.attack} is not in play`);
  if (!g.hero) fail('start.attack: no hero is revealed');
  if (!qualifying(g)[col]) {
    fail(`start.attack: the horde at ${start.attack} does not qualify for ${nameOf(g.hero!)}'s attack (peril ${hordePeril(g, col)} of ${threshold(g)})`);
  }
  go(g, { t: 'attack', col });
}

/** The first turn from `task` on: that step, then step 4 and the next turn. */
function go(g: GameState, task: GameState['tasks'][number]): void {
  g.pending = null;
  g.tasks = [{ t: 'end' }, task];
  run(g);
}
