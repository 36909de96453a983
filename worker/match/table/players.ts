// Which identified player (worker/players/) holds each seat, and the match's end in their lists:
// as the last action is stored, one D1 row per identified seat (players/matches.ts), written
// before anyone is told the match is over, so a profile read after the final view lists it. A
// write that fails is marked (meta 'unrecorded') and tried again by the alarm (armed by room.ts's
// schedule, before the deletion) until it is done.
import type { GameState } from '../../../shared/engine';
import { recordFinished } from '../../players/matches';
import type { MatchConfig, SeatPlayers, SeatRow } from '../../shared/config';
import { logEvent } from '../../shared/log';
import type { MatchStore } from '../storage';

/** What of the room this needs (not the Room itself: room.ts asks retryAt, and imports go one way). */
interface Room { store: MatchStore; env: Env; cfg(): MatchConfig | null; seats(): SeatRow[]; state(): GameState | null }

/** How soon the alarm tries a failed write again. */
export const RECORD_RETRY_MS = 30_000;

/** When the alarm must try the write again (room.ts arms it before the deletion), or null if nothing is owed. */
export const retryAt = (store: MatchStore, now = Date.now()): number | null =>
  store.getMeta<boolean>('unrecorded') ? now + RECORD_RETRY_MS : null;

const linked = (room: Room): SeatPlayers => room.store.getMeta<SeatPlayers>('players') ?? {};

/** Link seats to players (meta 'players', beside the seats' names). */
export function linkPlayers(room: Room, pairs: (readonly [number, string])[]): void {
  if (!pairs.length) return;
  const players = linked(room);
  for (const [seat, player] of pairs) players[String(seat)] = player;
  room.store.setMeta('players', players);
}

/** The match just ended: mark it unrecorded if any seat is a player's, then write the rows. */
export async function recordEnd(room: Room): Promise<void> {
  if (!Object.keys(linked(room)).length) return;
  room.store.setMeta('unrecorded', true);
  await recordPending(room);
}

/** Write the rows if they are still owed (idempotent in D1 too); true if they still are. */
export async function recordPending(room: Room): Promise<boolean> {
  if (!room.store.getMeta<boolean>('unrecorded')) return false;
  const g = room.state();
  const config = room.cfg()!;
  if (!g?.result) return false;
  const players = linked(room);
  const seats = room.seats().map((s) => ({ name: s.name, player: players[String(s.seat)] ?? null }));
  try {
    await recordFinished(room.env.DB, config.id, seats, g.result.scores, g.result.winner, room.store.lastActionAt() ?? Date.now());
  } catch (e) {
    logEvent('failed', { match: config.id, where: 'players', code: 'internal', message: String(e) });
    return true;
  }
  room.store.deleteMeta('unrecorded');
  return false;
}
