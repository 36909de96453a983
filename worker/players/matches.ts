// The index of finished matches per player (D1 `player_matches`): written by a match object as it
// ends, one row per seat an identified player held, and read a page at a time by profiles.
import type { MatchPlayer, PlayerMatch } from '../../shared/protocol';

/** How a seat is shown once its player deleted themselves. */
export const FORMER_PLAYER = 'a former player';

export interface MatchRow { match: string; players: string; place: number; at: number; rating?: number | null; rating_change?: number | null }

/** A seat of the ending match: its name, and the identified player holding it, if any. */
export interface EndSeat { name: string; player: string | null }

/**
 * Each seat's place from the final scores: the winner (R23 breaks ties) is 1st; any other seat
 * comes after the winner and every seat that scored more, so equal scores share a place.
 */
export function places(scores: number[], winner: number): number[] {
  return scores.map((score, seat) => seat === winner ? 1
    : 1 + scores.filter((other, s) => s === winner || other > score).length);
}

/**
 * One row per identified seat, in one batch. INSERT OR IGNORE: writing again (a retry) changes
 * nothing; a player deleted while the match was played gets no row.
 */
export async function recordFinished(db: D1Database, match: string, seats: EndSeat[], scores: number[], winner: number, at: number): Promise<void> {
  const place = places(scores, winner);
  const players = JSON.stringify(seats.map((s, i): MatchPlayer => ({ name: s.name, place: place[i]!, ...(s.player ? { player: s.player } : {}) })));
  const insert = db.prepare(`INSERT OR IGNORE INTO player_matches (player, match, players, place, at)
    SELECT ?1, ?2, ?3, ?4, ?5 WHERE EXISTS (SELECT 1 FROM players WHERE id = ?1 AND deleted_at IS NULL)`);
  const rows = seats.flatMap((s, i) => s.player ? [insert.bind(s.player, match, players, place[i]!, at)] : []);
  if (rows.length) await db.batch(rows);
}

/** A page's rows as the profile shows them: seats of players who deleted themselves read FORMER_PLAYER, with no id. */
export async function shownMatches(db: D1Database, rows: MatchRow[]): Promise<PlayerMatch[]> {
  const parsed = rows.map((r) => ({ ...r, seats: JSON.parse(r.players) as MatchPlayer[] }));
  const ids = [...new Set(parsed.flatMap((r) => r.seats.flatMap((s) => s.player ? [s.player] : [])))];
  const gone = new Set(ids.length === 0 ? [] : (await db.prepare(
    `SELECT id FROM players WHERE deleted_at IS NOT NULL AND id IN (${ids.map(() => '?').join(',')})`,
  ).bind(...ids).all<{ id: string }>()).results.map((r) => r.id));
  return parsed.map((r) => ({
    id: r.match, place: r.place, at: r.at,
    ...(r.rating != null && r.rating_change != null ? { rating: Math.round(r.rating), ratingChange: Math.round(r.rating_change) } : {}),
    players: r.seats.map((s) => s.player && gone.has(s.player) ? { name: FORMER_PLAYER, place: s.place } : s),
  }));
}
