// Ratings (D1 `ratings`, migrations/0002_ratings.sql): Glicko-2 from the `glicko2` package, one
// rating per table size. A rated match is one rating period for its players, its result read as
// every pair's outcome by final place (a shared place is a draw). Written once per match
// (`rated_matches`), by the match object as it ends, before anyone is told it is over.
import { Glicko2 } from 'glicko2';
import type { Leaderboard, LeaderboardRow, SeatRating } from '../../shared/protocol';
import { START_RATING } from '../shared/config';

/** A new player's rating (lichess's start: 1500, deviation 350); tau 0.5 as Glickman suggests. */
export const GLICKO = { tau: 0.5, rating: START_RATING, rd: 350, vol: 0.06 } as const;
/** Ratings stay provisional (marked `?`) for a table size's first rated games. */
export const PROVISIONAL_GAMES = 10;
/** Players a leaderboard shows. */
export const BOARD_SIZE = 100;

export interface Stored { rating: number; rd: number; vol: number; games: number }
export const UNRATED: Stored = { rating: GLICKO.rating, rd: GLICKO.rd, vol: GLICKO.vol, games: 0 };

/** Pure: each player's rating after one match, from the ratings before it and the places (1 = won). */
export function rate(before: Stored[], places: number[]): Stored[] {
  const ranking = new Glicko2({ ...GLICKO });
  const players = before.map((r) => ranking.makePlayer(r.rating, r.rd, r.vol));
  const order = [...new Set(places)].sort((a, b) => a - b);
  ranking.updateRatings(ranking.makeRace(order.map((place) => players.filter((_, i) => places[i] === place))));
  return players.map((p, i) => ({ rating: p.getRating(), rd: p.getRd(), vol: p.getVol(), games: before[i]!.games + 1 }));
}

/** How a seat shows a rating: whole points, `?` while provisional. */
export const shown = (r: Stored): SeatRating => ({ rating: Math.round(r.rating), provisional: r.games < PROVISIONAL_GAMES });

/** Players' stored ratings for a table size (the defaults where none is stored), in the order asked. */
export async function ratingsOf(db: D1Database, size: number, players: string[]): Promise<Stored[]> {
  if (!players.length) return [];
  const rows = (await db.prepare(`SELECT player, rating, rd, vol, games FROM ratings WHERE size = ? AND player IN (${players.map(() => '?').join(',')})`)
    .bind(size, ...players).all<Stored & { player: string }>()).results;
  return players.map((id) => rows.find((r) => r.player === id) ?? UNRATED);
}

/**
 * Rate a finished match: read the players' ratings, compute, and write the new ones with the match's
 * mark in one batch (a transaction). Null if it was rated already (a write tried again); else each
 * player's rating before and after. A player deleted meanwhile gets no row.
 */
export async function rateMatch(db: D1Database, match: string, size: number, players: string[], places: number[], at: number): Promise<{ before: Stored[]; after: Stored[] } | null> {
  if (await db.prepare('SELECT 1 FROM rated_matches WHERE match = ?').bind(match).first()) return null;
  const before = await ratingsOf(db, size, players);
  const after = rate(before, places);
  const upsert = db.prepare(`INSERT INTO ratings (player, size, rating, rd, vol, games)
    SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE EXISTS (SELECT 1 FROM players WHERE id = ?1 AND deleted_at IS NULL)
    ON CONFLICT (player, size) DO UPDATE SET rating = ?3, rd = ?4, vol = ?5, games = ?6`);
  const listed = db.prepare('UPDATE player_matches SET rating = ?1, rating_change = ?2 WHERE player = ?3 AND match = ?4');
  await db.batch([
    db.prepare('INSERT INTO rated_matches (match, at) VALUES (?, ?)').bind(match, at),
    ...players.map((id, i) => upsert.bind(id, size, after[i]!.rating, after[i]!.rd, after[i]!.vol, after[i]!.games)),
    ...players.map((id, i) => listed.bind(after[i]!.rating, after[i]!.rating - before[i]!.rating, id, match)),
  ]);
  return { before, after };
}

/** A table size's best rated players, best first. */
export async function leaderboard(db: D1Database, size: number): Promise<Leaderboard> {
  const rows = (await db.prepare(`SELECT r.player AS id, p.name, r.rating, r.rd, r.games FROM ratings r
    JOIN players p ON p.id = r.player AND p.deleted_at IS NULL
    WHERE r.size = ? AND r.games > 0 ORDER BY r.rating DESC, r.player LIMIT ?`).bind(size, BOARD_SIZE)
    .all<Omit<LeaderboardRow, 'provisional'>>()).results;
  return { size, players: rows.map((r) => ({ ...r, provisional: r.games < PROVISIONAL_GAMES })) };
}
