// A broadcast's diffs, written for the View's known shape. diff.ts walks any JSON: every object
// through `for…in` and keyed loads, which is slow where, as moves really arrive, a move's code
// runs in V8's lower tiers (docs/PERFORMANCE.md, "Server"). Here every field is read by name and
// the ops are diff.ts's, op for op and in its order (test/protocol/view-diff.test.ts holds them
// equal over random games, and for a change to any key a view has).
import type { LocationView, MinionView } from '../engine';
import { arrayOps, deepEqual, diff, walk, walkShared, type DiffMemo, type Walk } from './diff';
import type { PatchOp, PatchPath } from './patch';
import type { ProtocolPlayerView, View } from './view';

/** The ops that turn `a` into `b` (as diff.ts's diff): views of a match in play read by their fields, any other by diff. */
export function diffView(a: View, b: View, memo?: DiffMemo): PatchOp[] {
  // A waiting match's view is built in another key order (worker/match/views.ts), and rare.
  if (a.status === 'waiting' || b.status === 'waiting') return diff(a, b, memo);
  const ops: PatchOp[] = [];
  const root: PatchPath = [];
  // In the order worker/match/views.ts builds a view in play (diff.ts follows the new view's keys).
  value(a.version, b.version, 'version', root, ops);
  value(a.you, b.you, 'you', root, ops);
  top(a.players, b.players, 'players', ops, memo, players);
  top(a.locations, b.locations, 'locations', ops, memo, locations);
  value(a.hero, b.hero, 'hero', root, ops);
  value(a.heroesLeft, b.heroesLeft, 'heroesLeft', root, ops);
  top(a.pastHeroes, b.pastHeroes, 'pastHeroes', ops, memo, values);
  value(a.threshold, b.threshold, 'threshold', root, ops);
  value(a.active, b.active, 'active', root, ops);
  value(a.turn, b.turn, 'turn', root, ops);
  value(a.perilSupply, b.perilSupply, 'perilSupply', root, ops);
  top(a.sides, b.sides, 'sides', ops, memo, walk);
  top(a.log, b.log, 'log', ops, memo, walk);
  value(a.over, b.over, 'over', root, ops);
  top(a.result, b.result, 'result', ops, memo, walk);
  top(a.pending, b.pending, 'pending', ops, memo, walk);
  top(a.hand, b.hand, 'hand', ops, memo, values);
  top(a.clock, b.clock, 'clock', ops, memo, walk);
  value(a.status, b.status, 'status', root, ops);
  value(a.rematch, b.rematch, 'rematch', root, ops);
  value(a.seeded, b.seeded, 'seeded', root, ops);
  value(a.rated, b.rated, 'rated', root, ops);
  value(a.lesson, b.lesson, 'lesson', root, ops);
  // Keys a view may lack, gone from the new one.
  gone(a.hand, b.hand, 'hand', root, ops);
  gone(a.rematch, b.rematch, 'rematch', root, ops);
  gone(a.seeded, b.seeded, 'seeded', root, ops);
  gone(a.rated, b.rated, 'rated', root, ops);
  gone(a.lesson, b.lesson, 'lesson', root, ops);
  return ops;
}

type Json = unknown;

/** A field that holds no object or array: set when it changed. */
function value(x: Json, y: Json, key: string, path: PatchPath, ops: PatchOp[]): void {
  if (y !== undefined && x !== y) ops.push([[...path, key], y]);
}

/** An optional field the new side lacks: deleted. */
function gone(x: Json, y: Json, key: string, path: PatchPath, ops: PatchOp[]): void {
  if (x !== undefined && y === undefined) ops.push([[...path, key]]);
}

/** A field that may hold an object or array, walked by `each` when both sides hold one. */
function nested(x: Json, y: Json, key: string, path: PatchPath, ops: PatchOp[], each: Walk): void {
  if (y === undefined || x === y) return;
  path.push(key);
  if (x === undefined) ops.push([path.slice(), y]);
  else each(x, y, path, ops);
  path.pop();
}

/** A top-level field: as `nested`, through the broadcast's memo (what viewers share is walked once). */
function top(x: Json, y: Json, key: string, ops: PatchOp[], memo: DiffMemo | undefined, each: Walk): void {
  if (y === undefined || x === y) return;
  if (x === undefined) ops.push([[key], y]);
  else if (memo && typeof x === 'object' && x !== null) walkShared(x, y, [key], ops, memo, each);
  else each(x, y, [key], ops);
}

/** An array walked element by element with `same` and `each`; anything else as diff.ts walks it. */
const arrayOf = <T>(same: (x: T, y: T) => boolean, each: Walk): Walk => (a, b, path, ops) => {
  if (a !== b && Array.isArray(a) && Array.isArray(b)) arrayOps(a as T[], b as T[], path, ops, same, each);
  else walk(a, b, path, ops);
};

const isRecord = (x: Json): boolean => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Strings, numbers, booleans, nulls. */
const sameValue = (x: Json, y: Json): boolean => x === y;
const sameValues = (x: Json[], y: Json[]): boolean => {
  if (x === y) return true;
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
};
const eachValue: Walk = (a, b, path, ops) => {
  if (a !== b) ops.push([path.slice(), b]);
};
/** A hand, a discard pile, a haven, a location's tallies, the past heroes. */
const values = arrayOf(sameValue, eachValue);

/** An optional object field (a rating), as deepEqual reads it: absent and undefined alike. */
const sameOptional = (x: Json, y: Json): boolean => x === y || (x !== undefined && y !== undefined && deepEqual(x, y));

const samePlayer = (x: ProtocolPlayerView, y: ProtocolPlayerView): boolean => x === y || (
  x.seat === y.seat && x.name === y.name && x.handSize === y.handSize && x.deckSize === y.deckSize &&
  sameValues(x.discard, y.discard) && x.vp === y.vp && x.standInMoves === y.standInMoves && x.hints === y.hints &&
  x.kind === y.kind && x.connected === y.connected && x.standIn === y.standIn && x.botMoves === y.botMoves &&
  x.canStandIn === y.canStandIn && sameOptional(x.rating, y.rating));

const eachPlayer: Walk = (a, b, path, ops) => {
  if (a === b || !isRecord(a) || !isRecord(b)) return walk(a, b, path, ops);
  const x = a as ProtocolPlayerView;
  const y = b as ProtocolPlayerView;
  value(x.seat, y.seat, 'seat', path, ops);
  value(x.name, y.name, 'name', path, ops);
  value(x.handSize, y.handSize, 'handSize', path, ops);
  value(x.deckSize, y.deckSize, 'deckSize', path, ops);
  nested(x.discard, y.discard, 'discard', path, ops, values);
  value(x.vp, y.vp, 'vp', path, ops);
  value(x.standInMoves, y.standInMoves, 'standInMoves', path, ops);
  value(x.hints, y.hints, 'hints', path, ops);
  value(x.kind, y.kind, 'kind', path, ops);
  value(x.connected, y.connected, 'connected', path, ops);
  value(x.standIn, y.standIn, 'standIn', path, ops);
  value(x.botMoves, y.botMoves, 'botMoves', path, ops);
  value(x.canStandIn, y.canStandIn, 'canStandIn', path, ops);
  nested(x.rating, y.rating, 'rating', path, ops, walk);
  gone(x.rating, y.rating, 'rating', path, ops);
};
const players = arrayOf(samePlayer, eachPlayer);

const sameMinion = (x: MinionView, y: MinionView): boolean => x === y || (
  x.card === y.card && x.vp === y.vp && x.peril === y.peril && x.total === y.total && x.protected === y.protected);

const eachMinion: Walk = (a, b, path, ops) => {
  if (a === b || !isRecord(a) || !isRecord(b)) return walk(a, b, path, ops);
  const x = a as MinionView;
  const y = b as MinionView;
  value(x.card, y.card, 'card', path, ops);
  value(x.vp, y.vp, 'vp', path, ops);
  value(x.peril, y.peril, 'peril', path, ops);
  value(x.total, y.total, 'total', path, ops);
  value(x.protected, y.protected, 'protected', path, ops);
};
const horde = arrayOf(sameMinion, eachMinion);

const sameHorde = (x: MinionView[], y: MinionView[]): boolean => {
  if (x === y) return true;
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (!sameMinion(x[i]!, y[i]!)) return false;
  return true;
};

const sameLocation = (x: LocationView, y: LocationView): boolean => x === y || (
  x.id === y.id && sameHorde(x.horde, y.horde) && sameValues(x.haven, y.haven) && x.peril === y.peril &&
  x.qualifies === y.qualifies && sameValues(x.tally, y.tally));

const eachLocation: Walk = (a, b, path, ops) => {
  if (a === b || !isRecord(a) || !isRecord(b)) return walk(a, b, path, ops);
  const x = a as LocationView;
  const y = b as LocationView;
  value(x.id, y.id, 'id', path, ops);
  nested(x.horde, y.horde, 'horde', path, ops, horde);
  nested(x.haven, y.haven, 'haven', path, ops, values);
  value(x.peril, y.peril, 'peril', path, ops);
  value(x.qualifies, y.qualifies, 'qualifies', path, ops);
  nested(x.tally, y.tally, 'tally', path, ops, values);
};
const locations = arrayOf(sameLocation, eachLocation);
