// A player's name after the first: a rename keeps the old name theirs for NAME_HOLD_MS (nobody
// else may take it, they may take it back), and a player holds at most HELD_NAMES such names, so
// renaming cannot hoard names. What is kept about a player, whole, for them to download.
import { nameKey, type PlayerExport } from '../../shared/protocol';
import type { MatchRow } from './matches';

/** How long a name given up stays its player's. */
export const NAME_HOLD_MS = 30 * 86_400_000;
/** Names given up that one player may hold at once: a rename past them waits for the oldest to end. */
export const HELD_NAMES = 3;

export type Renamed = { ok: true; name: string } | { ok: false; taken: true } | { ok: false; retryAt: number };

/** Rename `id` (its current name `old`) to `name`, or say why not: taken by someone (now or held), or too many names held. */
export async function rename(db: D1Database, id: string, old: string, name: string, now = Date.now()): Promise<Renamed> {
  const key = nameKey(name);
  if (key === nameKey(old)) {
    // The same name read the same way: only how it is written changes.
    await db.prepare('UPDATE players SET name = ? WHERE id = ?').bind(name, id).run();
    return { ok: true, name };
  }
  const held = (await db.prepare('SELECT name_key, until FROM retired_names WHERE player = ? AND until > ? ORDER BY until')
    .bind(id, now).all<{ name_key: string; until: number }>()).results;
  // Taking back a name of one's own frees its hold; otherwise the old name needs a free place.
  const back = held.some((h) => h.name_key === key);
  if (!back && held.length >= HELD_NAMES) return { ok: false, retryAt: held[0]!.until };
  let changed = 0;
  try {
    changed = (await db.prepare(`UPDATE players SET name = ?1, name_key = ?2 WHERE id = ?3
      AND NOT EXISTS (SELECT 1 FROM retired_names WHERE name_key = ?2 AND player != ?3 AND until > ?4)`).bind(name, key, id, now).run()).meta.changes;
  } catch (e) {
    // Someone has it (the unique key): the same answer as a name held.
    if (!/UNIQUE/.test(String(e))) throw e;
  }
  if (!changed) return { ok: false, taken: true };
  await db.batch([
    db.prepare('DELETE FROM retired_names WHERE name_key = ?1 OR (player = ?2 AND until <= ?3)').bind(key, id, now),
    db.prepare('INSERT OR REPLACE INTO retired_names (name_key, name, player, until) VALUES (?, ?, ?, ?)').bind(nameKey(old), old, id, now + NAME_HOLD_MS),
  ]);
  return { ok: true, name };
}

/** Everything kept about a player: the row (not the token's hash), ratings, every finished match, names held. */
export async function exportPlayer(db: D1Database, id: string, now = Date.now()): Promise<PlayerExport | null> {
  const [who, ratings, matches, names] = await db.batch([
    db.prepare('SELECT id, name, created_at FROM players WHERE id = ? AND deleted_at IS NULL').bind(id),
    db.prepare('SELECT size, rating, rd, vol, games FROM ratings WHERE player = ? ORDER BY size').bind(id),
    db.prepare('SELECT match, players, place, at, rating, rating_change FROM player_matches WHERE player = ? ORDER BY at DESC, match DESC').bind(id),
    db.prepare('SELECT name, until FROM retired_names WHERE player = ? AND until > ? ORDER BY until').bind(id, now),
  ]);
  const p = (who!.results as { id: string; name: string; created_at: number }[])[0];
  if (!p) return null;
  return {
    exportedAt: new Date(now).toISOString(),
    player: { id: p.id, name: p.name, createdAt: new Date(p.created_at).toISOString() },
    ratings: ratings!.results as PlayerExport['ratings'],
    matches: (matches!.results as MatchRow[]).map((m) => ({
      id: m.match, at: new Date(m.at).toISOString(), place: m.place, players: JSON.parse(m.players) as PlayerExport['matches'][number]['players'],
      ...(m.rating != null ? { rating: m.rating, ratingChange: m.rating_change ?? 0 } : {}),
    })),
    heldNames: (names!.results as { name: string; until: number }[]).map((n) => ({ name: n.name, until: new Date(n.until).toISOString() })),
  };
}
