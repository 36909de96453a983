// Players in D1 (migrations/0001_players.sql): made once with a unique name, known by their
// token's hash, read as profiles, deleted on request. The edge's routes (edge/players.ts) call these.
import { nameKey, type PlayerCreated, type PlayerProfile, type Rating } from '../../shared/protocol';
import { hashToken, newPlayerId, newToken } from '../shared/ids';
import { shownMatches, type MatchRow } from './matches';
import { PROVISIONAL_GAMES, UNRATED } from './ratings';

/** A player as a request's bearer token proves them. */
export interface Identity { id: string; name: string }

/** Matches per page of a profile. */
export const PAGE = 20;

/** A new player, or null when the name's key is taken (compared as at a table: nameKey). */
export async function createPlayer(db: D1Database, name: string, now = Date.now()): Promise<PlayerCreated | null> {
  const id = newPlayerId();
  const token = newToken();
  // A name another player gave up within 30 days is still theirs (names.ts).
  const row = await db.prepare(`INSERT INTO players (id, name, name_key, token_hash, created_at)
    SELECT ?1, ?2, ?3, ?4, ?5 WHERE NOT EXISTS (SELECT 1 FROM retired_names WHERE name_key = ?3 AND until > ?5)
    ON CONFLICT (name_key) DO NOTHING RETURNING id`).bind(id, name, nameKey(name), await hashToken(token), now).first<{ id: string }>();
  return row ? { id, token, name } : null;
}

/** A name like `name` that nobody has: the name with the first free number after it. */
export async function freeName(db: D1Database, name: string): Promise<string> {
  // The numbers 2 to 9 in one read; past them, a random one (taken by chance only once in thousands).
  const base = [...name].slice(0, 20).join('');
  const candidates = [2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${base} ${n}`);
  const keys = candidates.map(nameKey);
  const list = keys.map(() => '?').join(',');
  const taken = new Set((await db.prepare(`SELECT name_key FROM players WHERE name_key IN (${list})
    UNION SELECT name_key FROM retired_names WHERE name_key IN (${list}) AND until > ?`)
    .bind(...keys, ...keys, Date.now()).all<{ name_key: string }>()).results.map((r) => r.name_key));
  const free = candidates.find((_, i) => !taken.has(keys[i]!));
  return free ?? `${base} ${1000 + (crypto.getRandomValues(new Uint16Array(1))[0]! % 9000)}`;
}

/** The player a token belongs to (by its hash), or null: unknown, or deleted. */
export async function playerOfToken(db: D1Database, token: string): Promise<Identity | null> {
  // The first token, or one a passkey sign-in made for another browser (passkeys.ts).
  return db.prepare(`SELECT id, name FROM players WHERE deleted_at IS NULL
    AND (token_hash = ?1 OR id = (SELECT player FROM player_tokens WHERE token_hash = ?1))`)
    .bind(await hashToken(token)).first<Identity>();
}

/** A player's profile with the page of matches ended before `before` (a `next` cursor), or null if there is no such player. */
export async function profile(db: D1Database, id: string, before: string | null): Promise<PlayerProfile | null> {
  const cursor = parseCursor(before);
  const [who, rated, page] = await db.batch([
    db.prepare('SELECT id, name FROM players WHERE id = ? AND deleted_at IS NULL').bind(id),
    db.prepare('SELECT size, rating, rd, games FROM ratings WHERE player = ?').bind(id),
    db.prepare(`SELECT match, players, place, at, rating, rating_change FROM player_matches WHERE player = ?1
      AND (at < ?2 OR (at = ?2 AND match < ?3)) ORDER BY at DESC, match DESC LIMIT ?4`)
      .bind(id, cursor.at, cursor.match, PAGE + 1),
  ]);
  const player = (who!.results as Identity[])[0];
  if (!player) return null;
  const rows = page!.results as MatchRow[];
  const more = rows.length > PAGE;
  const shown = rows.slice(0, PAGE);
  const last = shown[shown.length - 1];
  return {
    id: player.id, name: player.name, ratings: ratingsOf(rated!.results as (typeof UNRATED & { size: number })[]),
    matches: await shownMatches(db, shown),
    next: more && last ? `${last.at}.${last.match}` : null,
  };
}

/** Every table size's rating, the defaults where none is stored. */
function ratingsOf(rows: (typeof UNRATED & { size: number })[]): PlayerProfile['ratings'] {
  const of = (size: number): Rating => {
    const r = rows.find((x) => x.size === size) ?? UNRATED;
    return { rating: r.rating, rd: r.rd, games: r.games, provisional: r.games < PROVISIONAL_GAMES };
  };
  return { 2: of(2), 3: of(3), 4: of(4) };
}

/** `<at>.<match id>` (a page's last match); absent or malformed: from the newest. */
function parseCursor(before: string | null): { at: number; match: string } {
  const m = before ? /^(\d{1,15})\.([0-9A-Za-z]{10,22})$/.exec(before) : null;
  return m ? { at: Number(m[1]), match: m[2]! } : { at: Number.MAX_SAFE_INTEGER, match: '' };
}

/**
 * Delete a player: the name (free again), the token, the ratings and the list of matches go; the
 * id stays as a tombstone so their seats in others' matches read "a former player".
 */
export async function deletePlayer(db: D1Database, id: string, now = Date.now()): Promise<void> {
  await db.batch([
    db.prepare(`UPDATE players SET name = '', name_key = NULL, token_hash = NULL, deleted_at = ? WHERE id = ?`).bind(now, id),
    db.prepare('DELETE FROM ratings WHERE player = ?').bind(id),
    db.prepare('DELETE FROM player_matches WHERE player = ?').bind(id),
    db.prepare('DELETE FROM retired_names WHERE player = ?').bind(id),
    db.prepare('DELETE FROM player_tokens WHERE player = ?').bind(id),
    db.prepare('DELETE FROM passkeys WHERE player = ?').bind(id),
  ]);
}
