// The server's side of the `patch` message: ops (patch.ts) that turn one view
// into the next. Views are JSON data; an `undefined` key counts as absent, as
// it does once sent. An array is read first as a window that slid (the log
// keeps its last 30 entries: drop some at the front, add at the back), else as
// one splice of the part between an unchanged head and tail, whose
// same-length middle is diffed element by element (or sent whole, if smaller).
import type { PatchOp, PatchPath } from './patch';

type Json = unknown;

const isObject = (x: Json): x is Record<string, Json> => typeof x === 'object' && x !== null && !Array.isArray(x);

export function deepEqual(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (!isObject(a) || !isObject(b)) return false;
  for (const k in a) if (a[k] !== undefined && !deepEqual(a[k], b[k])) return false;
  for (const k in b) if (b[k] !== undefined && a[k] === undefined) return false;
  return true;
}

/**
 * Ops already worked out per top-level key, for one broadcast: the views of its
 * viewers share what they all see (engine's viewsOf), and so did the views they
 * were sent last, so each such pair is walked once, not once per viewer.
 */
export type DiffMemo = Map<string, { a: Json; b: Json; ops: PatchOp[] }[]>;

/** Ops that turn `a` into `b`: applyPatch(a, diff(a, b)) deep-equals b. */
export function diff(a: Json, b: Json, memo?: DiffMemo): PatchOp[] {
  const ops: PatchOp[] = [];
  walk(a, b, [], ops, memo);
  return ops;
}

/** The ops of a top-level key's pair of values, from the memo when another viewer's diff met the same pair. */
function walkShared(a: Json, b: Json, path: PatchPath, ops: PatchOp[], memo: DiffMemo): void {
  const key = String(path[0]);
  const seen = memo.get(key) ?? [];
  let hit = seen.find((m) => m.a === a && m.b === b);
  if (!hit) {
    hit = { a, b, ops: [] };
    walk(a, b, path, hit.ops);
    seen.push(hit);
    memo.set(key, seen);
  }
  ops.push(...hit.ops);
}

// `path` is one stack pushed and popped on the way down; an op takes a copy.
function walk(a: Json, b: Json, path: PatchPath, ops: PatchOp[], memo?: DiffMemo): void {
  if (a === b) return;
  if (Array.isArray(a) && Array.isArray(b)) {
    arrayOps(a, b, path, ops);
  } else if (isObject(a) && isObject(b)) {
    for (const k in b) {
      const x = a[k];
      const y = b[k];
      if (y === undefined || x === y) continue;
      path.push(k);
      if (x === undefined) ops.push([path.slice(), y]);
      else if (memo && typeof x === 'object' && x !== null) walkShared(x, y, path, ops, memo);
      else walk(x, y, path, ops);
      path.pop();
    }
    for (const k in a) if (a[k] !== undefined && b[k] === undefined) ops.push([[...path, k]]);
  } else if (!deepEqual(a, b)) {
    ops.push([path.slice(), b]);
  }
}

function arrayOps(a: Json[], b: Json[], path: PatchPath, ops: PatchOp[]): void {
  let head = 0;
  while (head < a.length && head < b.length && deepEqual(a[head], b[head])) head++;
  if (head === a.length && head === b.length) return;
  // A slid window: the first `drop` entries went, the rest is unchanged, new ones follow.
  if (head === 0 && b.length) {
    for (let drop = 1; drop < a.length; drop++) {
      const kept = a.length - drop;
      if (kept > b.length || !deepEqual(a[drop], b[0])) continue;
      let same = true;
      for (let i = 1; i < kept && same; i++) same = deepEqual(a[drop + i], b[i]);
      if (!same) continue;
      ops.push([path.slice(), 0, drop]);
      if (b.length > kept) ops.push([path.slice(), kept, 0, ...b.slice(kept)]);
      return;
    }
  }
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && deepEqual(a[a.length - 1 - tail], b[b.length - 1 - tail])) tail++;
  const oldMid = a.length - head - tail;
  const newMid = b.slice(head, b.length - tail);
  if (oldMid !== newMid.length) {
    ops.push([path.slice(), head, oldMid, ...newMid]);
    return;
  }
  const mine: PatchOp[] = [];
  for (let i = 0; i < oldMid; i++) {
    path.push(head + i);
    walk(a[head + i], newMid[i], path, mine);
    path.pop();
  }
  // Many small changes can cost more than the whole array: then send the array.
  if (mine.length > 4 && JSON.stringify(mine).length > JSON.stringify(b).length + path.length * 8) ops.push([path.slice(), b]);
  else ops.push(...mine);
}
