// The match's side of a replay (edge/replays.ts serves it): a finished match's replay never changes,
// so its strong ETag is the match id and final version, and an asker who holds it gets only the tag.
import type { Replay } from '../../shared/protocol';

/** What the match answers (Match.replay): always the tag and when it is deleted; the JSON unless the asker holds it. */
export interface Replayed { tag: string; until: number; json?: string }

/** A strong ETag: the id and the final version name the one replay the match will ever have. */
export const replayTag = (id: string, version: number): string => `"${id}.${version}"`;

/** An If-None-Match naming `tag` (weakly compared, as RFC 9110 asks for GET), or `*`. */
export function holds(ifNoneMatch: string | null | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const v = t.trim();
    return v === '*' || v.replace(/^W\//, '') === tag;
  });
}

/** The match's side (Match.replay, once over): the tag alone when `held` names it, so nothing is built. */
export function replayed(id: string, version: number, until: number, held: string | null, build: () => Replay): Replayed {
  const tag = replayTag(id, version);
  return holds(held, tag) ? { tag, until } : { tag, until, json: JSON.stringify(build()) };
}

