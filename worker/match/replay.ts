// The match's side of a replay (edge/replays.ts serves it): a finished match's replay never changes,
// so its strong ETag is the match id and final version, and an asker who holds it gets only the tag.
import type { Replay } from '../../shared/protocol';
import type { Room } from './room';
import { refuse, type Result } from './rpc';
import { setupOf } from './sockets/earlier';
import { replayViews } from './views';

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


/** `GET /api/matches/:id/replay`'s answer from the match, or only its tag when `held` (the asker's If-None-Match) names it. */
export function replayOf(room: Room, held: string | null): Result<Replayed> {
  const config = room.cfg();
  if (!config) return refuse('not-found', 'No such match.');
  const g = room.state();
  if (!g?.over) return refuse('not-over', 'The replay is there once the match is over.');
  return { ok: true, ...replayed(config.id, g.version, room.expiresAt()!, held, () => {
    const setup = setupOf(config, g.names);
    const actions = room.store.actions();
    return { setup, actions, views: replayViews({ ...room.scene(), due: null, rematch: null }, setup, actions) };
  }) };
}
