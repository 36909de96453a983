// The opt-in `patch` message (docs/PROTOCOL.md, "Patches"): what changed
// between the last view a connection was sent and the new one, and how a
// client applies it. Kept tiny because the web client bundles it; the server's
// side (making the ops) is in diff.ts.

/** Keys and array indexes from the view's root down to the value an op changes. */
export type PatchPath = (string | number)[];

/**
 * One change, told by its length:
 *   [path, value]                          set the value at path (added or replaced)
 *   [path]                                 delete the object key at path
 *   [path, start, deleteCount, ...items]   splice the array at path
 */
export type PatchOp = [PatchPath] | [PatchPath, unknown] | [PatchPath, number, number, ...unknown[]];

/** The view after `ops`. Nothing is changed in place: containers on each path are copied,
 * so untouched parts of the view keep their identity. */
export function applyPatch<T>(doc: T, ops: readonly PatchOp[]): T {
  let out: unknown = doc;
  for (const [path, ...args] of ops) out = at(out, path, 0, args);
  return out as T;
}

/** An object or array on the path, indexed by its keys or indexes. */
type Node = Record<string | number, unknown>;

function at(node: unknown, path: PatchPath, i: number, args: unknown[]): unknown {
  if (i === path.length) {
    if (args.length === 1) return args[0];
    const copy = (node as unknown[]).slice();
    copy.splice(args[0] as number, args[1] as number, ...args.slice(2));
    return copy;
  }
  const key = path[i]!;
  const copy = (Array.isArray(node) ? node.slice() : { ...(node as Node) }) as Node;
  if (!args.length && i === path.length - 1) delete copy[key];
  else copy[key] = at((node as Node)[key], path, i + 1, args);
  return copy;
}
