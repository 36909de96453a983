// Which identified player (worker/players/) holds each seat, and the match's end in their lists:
// as the last action is stored, one D1 row per identified seat (players/matches.ts), written
// before anyone is told the match is over, so a profile read after the final view lists it. A
// write that fails is marked (meta 'unrecorded') and tried again by the alarm (armed by room.ts's
// schedule, before the deletion) until it is done.
import type { GameState } from '../../../shared/engine';
import type { Refusal, SeatRating } from '../../../shared/protocol';
import { places, recordFinished } from '../../players/matches';
import { rateMatch, ratingsOf, shown } from '../../players/ratings';
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
  const players = { ...linked(room) };
  for (const [seat, player] of pairs) players[String(seat)] = player;
  room.store.setMeta('players', players);
}

/** A rated table seats identified people, each once (nobody plays themselves for points). */
export function ratedRefusal(room: Room, config: MatchConfig, player: string | undefined): Refusal | null {
  if (!config.rated) return null;
  if (!player) return { code: 'unauthorized', message: 'A rated match seats identified players: join with your player token (Authorization: Bearer).' };
  if (Object.values(linked(room)).includes(player)) return { code: 'full', message: 'You sit at this table already: a rated match seats each player once.' };
  return null;
}

/** Per seat, the rating shown beside the name (meta 'ratings'): a rated match's players, as they sit down and as it ends. */
export const seatRatings = (room: Room): Record<string, SeatRating> => room.store.getMeta<Record<string, SeatRating>>('ratings') ?? {};

/** Show the ratings of players sitting down at a rated table. */
export async function noteRatings(room: Room, pairs: (readonly [number, string])[]): Promise<void> {
  if (!pairs.length) return;
  const stored = await ratingsOf(room.env.DB, room.cfg()!.players, pairs.map(([, p]) => p));
  const ratings = { ...seatRatings(room) };
  pairs.forEach(([seat], i) => { ratings[String(seat)] = shown(stored[i]!); });
  room.store.setMeta('ratings', ratings);
}

/** The result moves ratings: a rated match whose every seat is an identified player's. */
export function isRated(config: MatchConfig, seats: SeatRow[], players: SeatPlayers): boolean {
  return config.rated === true && seats.every((s) => s.kind === 'human' && players[String(s.seat)] !== undefined);
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
  const at = room.store.lastActionAt() ?? Date.now();
  try {
    await recordFinished(room.env.DB, config.id, seats, g.result.scores, g.result.winner, at);
    if (isRated(config, room.seats(), players)) await rate(room, config, seats.map((s) => s.player!), places(g.result.scores, g.result.winner), at);
  } catch (e) {
    logEvent('failed', { match: config.id, where: 'players', code: 'internal', message: String(e) });
    return true;
  }
  room.store.deleteMeta('unrecorded');
  return false;
}

/** Rate the match (once: players/ratings.ts) and show each seat its new rating and how far it moved. */
async function rate(room: Room, config: MatchConfig, players: string[], place: number[], at: number): Promise<void> {
  const r = await rateMatch(room.env.DB, config.id, config.players, players, place, at);
  if (!r) return; // rated by an earlier try, whose seats were shown then
  const ratings: Record<string, SeatRating> = {};
  r.after.forEach((after, seat) => {
    ratings[String(seat)] = { ...shown(after), change: Math.round(after.rating) - Math.round(r.before[seat]!.rating) };
  });
  room.store.setMeta('ratings', ratings);
}
