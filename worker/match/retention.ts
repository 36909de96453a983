// How long a match's storage is kept, and how it goes. A match that never started is deleted
// UNSTARTED_RETENTION_MS after its creation; a finished one keeps its replay for
// FINISHED_RETENTION_DAYS after its last move; then its storage and alarm are deleted, so the
// object costs nothing, and every route answers for it as for an id that names no match.
//
// A match in play is never deleted. One whose people have all gone for good finishes by itself:
// each gone seat gets a stand-in after `awayMs` (presence.ts). Only a match where nothing is due
// can hang: a person who sits on a decision without a clock with nobody else to hand it over, or
// whose socket was lost without a close event (a restart), so presence still counts them
// there. For that case the alarm's one job, when there is no other, is `stalled`: once no move
// was made for STALLED_MATCH_DAYS, stand-ins take every person's seat and play it to the end
// (a person who comes back takes theirs back, as from any stand-in); then it counts as finished.
//
// All of it rides the match's one alarm (clock.ts, listing.ts): the deletion is one more
// candidate, armed only when it is the earliest, so it neither delays nor starves the others;
// and every delivery checks the time against storage, so one twice or late is harmless.
import type { GameState } from '../../shared/engine';
import type { Since } from './table/idle';
import { finishedRetentionDays, stalledMatchDays, unstartedRetentionMs } from '../shared/limits';
import { releaseHold } from '../lobby/caps';
import { forget } from '../lobby/directory';
import { logEvent } from '../shared/log';
import { standIn } from './table/presence';
import { socketError } from '../../shared/protocol';
import { isOpen } from '../shared/sockets';
import type { Due, MatchConfig, Presence, SeatRow } from '../shared/config';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Close code of a socket still open when its match is deleted (a client should not reconnect). */
export const CLOSE_DELETED = 4004;

/**
 * When the match's storage is to be deleted: never started, `createdAt` plus UNSTARTED_RETENTION_MS;
 * finished, its last move plus FINISHED_RETENTION_DAYS; in play, never (null).
 * `endedAt` is asked only for a finished match (it reads storage).
 */
export function expiresAt(env: Env, config: MatchConfig, g: GameState | null, endedAt: () => number | null): number | null {
  if (!g) return config.createdAt + unstartedRetentionMs(env);
  if (!g.over) return null;
  return (endedAt() ?? config.createdAt) + finishedRetentionDays(env) * DAY_MS;
}

/** Whether a delivery at `now` is (within the alarm's slack) at or past `expires`. */
export const expired = (expires: number | null, now: number, slackMs: number): boolean =>
  expires !== null && now + slackMs >= expires;

/**
 * The job of a match in play when nothing else is due (clock.ts nextDue gave none): wake when it
 * has gone STALLED_MATCH_DAYS without a move (`since`: when the pending decision began).
 */
export function stalledJob(env: Env, g: GameState, since: Since): Due | null {
  if (g.over || !g.pending) return null;
  return { version: g.version, seat: g.pending.seat, kind: 'stalled', at: since.at + stalledMatchDays(env) * DAY_MS };
}

/** A stalled match: a stand-in plays every person's seat until that person is back. */
export const abandon = (p: Presence, seats: SeatRow[]): Presence =>
  seats.filter((s) => s.kind === 'human').reduce((q, s) => standIn(q, s.seat), p);

/**
 * The shared indexes forget a deleted match. Only a match that never started can be in one (the
 * list holds waiting matches, its creator's address counts unstarted private ones; a start removes
 * it from both). One function, so that every index is told from one place.
 */
export async function forgetEverywhere(env: Env, config: MatchConfig): Promise<void> {
  await Promise.all([forget(env, config.id), releaseHold(env, config)]);
}

/**
 * Delete the object's storage and alarm, and close its sockets with the reason. The caller
 * forgets what it cached. After this a read of storage finds no tables, and nothing is written
 * for the id again unless a match is created under it.
 */
export async function erase(ctx: DurableObjectState): Promise<void> {
  await ctx.storage.deleteAlarm();
  await ctx.storage.deleteAll();
  const bye = JSON.stringify(socketError('not-found', 'This match was deleted: its time is up.'));
  for (const ws of ctx.getWebSockets()) {
    if (!isOpen(ws)) continue;
    try {
      ws.send(bye);
      ws.close(CLOSE_DELETED, 'match deleted');
    } catch {
      // The peer is gone already.
    }
  }
}

/** One log line per deletion: which match, after what, how old. */
export function logDeleted(config: MatchConfig, started: boolean, now: number): void {
  logEvent('deleted', { match: config.id, after: started ? 'finished' : 'unstarted', ageMs: now - config.createdAt });
}

/**
 * A match stored before retention existed has no alarm when it waits or is over: the first socket
 * to arrive arms its deletion.
 */
export async function armIfMissing(ctx: DurableObjectState, expires: number | null): Promise<void> {
  if (expires !== null && (await ctx.storage.getAlarm()) === null) await ctx.storage.setAlarm(expires);
}
