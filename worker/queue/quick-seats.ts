// Quick match (worker/queue/queue.ts): the queue's tables, the shards, and the names of a table.
import { freeName, nameKey } from '../../shared/protocol';
import { START_RATING } from '../shared/config';

/** A queue shard's tables (made on every wake; columns added after the first deployment are added here). */
export function makeTables(sql: SqlStorage): void {
  sql.exec(`CREATE TABLE IF NOT EXISTS round (id INTEGER PRIMARY KEY, players INTEGER NOT NULL, endsAt INTEGER NOT NULL,
    match TEXT, done INTEGER NOT NULL DEFAULT 0)`);
  sql.exec(`CREATE TABLE IF NOT EXISTS entry (ticket TEXT PRIMARY KEY, name TEXT NOT NULL, at INTEGER NOT NULL,
    round INTEGER NOT NULL, seat INTEGER, token TEXT)`);
  sql.exec('CREATE INDEX IF NOT EXISTS entry_at ON entry (at)');
  sql.exec('CREATE INDEX IF NOT EXISTS entry_round ON entry (round)');
  // Tickets this shard sent on to the next (it was at its cap): a retry goes on too, never admitted here anew.
  sql.exec('CREATE TABLE IF NOT EXISTS moved (ticket TEXT PRIMARY KEY, at INTEGER NOT NULL)');
  const columns = sql.exec<{ name: string }>('PRAGMA table_info(entry)').toArray().map((c) => c.name);
  // Each entry's address, as a salted hash: one seat per address a table.
  if (!columns.includes('addr')) sql.exec('ALTER TABLE entry ADD COLUMN addr TEXT');
  // The identified player who asked (worker/players/), whose seat the match links to them.
  if (!columns.includes('player')) sql.exec('ALTER TABLE entry ADD COLUMN player TEXT');
  // Their rating for this table size (a new or anonymous person's: the start), to group close ratings.
  if (!columns.includes('rating')) sql.exec('ALTER TABLE entry ADD COLUMN rating REAL');
  sql.exec('CREATE TABLE IF NOT EXISTS salt (id INTEGER PRIMARY KEY CHECK (id = 0), value TEXT NOT NULL)');
}


/** People who ask for one size of table, moving on to the next shard past QUICK_SHARD_CAP arrivals a window. */
export const MAX_SHARDS = 16;

export const shardName = (players: number, k: number): string => `quick-${players}-${k}`;

/**
 * Strangers may share a name; at one table two names must read differently (worker/match/table/naming.ts),
 * so a later arrival gets the next free number, as a join's suggestion does (freeName: within 24 characters).
 */
export function distinctName(name: string, taken: string[]): string {
  const keys = new Set(taken.map(nameKey));
  return freeName(name, (n) => keys.has(nameKey(n)));
}

/**
 * How far a person's rating may be from a round's mean for them to join it while it fills. Past it
 * they open a table of their own; a round still short of people when its window ends takes the
 * closest of those waiting elsewhere (queue.ts seatOnce), so banding never adds a bot.
 */
export const RATING_BAND = 300;

/** Of the open rounds a person may join (`mean`: their people's mean rating), the closest within the band, else none. */
export function closestRound<R extends { id: number; mean: number }>(rounds: R[], rating: number): R | undefined {
  let best: R | undefined;
  for (const r of rounds) {
    const d = Math.abs(r.mean - rating);
    if (d <= RATING_BAND && (!best || d < Math.abs(best.mean - rating))) best = r;
  }
  return best;
}

interface Waiting { ticket: string; name: string; at: number; round: number; addr: string | null; rating: number | null; [k: string]: SqlStorageValue }

/**
 * Move people waiting in other open rounds into round `r` while it has open seats, the closest in
 * rating to its people first, one per address; rounds left empty go. Synchronous. `from`: every
 * round people were moved from (their held requests are woken); `left`: those still with people
 * (who hear who is left).
 */
export function gather(sql: SqlStorage, r: { id: number; players: number }): { from: number[]; left: number[] } {
  const rated = (e: Waiting) => e.rating ?? START_RATING;
  const members = sql.exec<Waiting>('SELECT * FROM entry WHERE round = ?', r.id).toArray();
  if (members.length >= r.players) return { from: [], left: [] };
  const mean = members.reduce((sum, m) => sum + rated(m), 0) / Math.max(1, members.length);
  const others = sql.exec<Waiting>(`SELECT e.* FROM entry e JOIN round o ON o.id = e.round
    WHERE o.match IS NULL AND o.done = 0 AND o.id != ?`, r.id).toArray()
    .sort((x, y) => Math.abs(rated(x) - mean) - Math.abs(rated(y) - mean) || x.at - y.at);
  const addrs = new Set(members.map((m) => m.addr));
  const names = members.map((m) => m.name);
  const from = new Set<number>();
  for (const e of others) {
    if (names.length >= r.players) break;
    if (addrs.has(e.addr)) continue;
    addrs.add(e.addr);
    const name = distinctName(e.name, names);
    names.push(name);
    from.add(e.round);
    sql.exec('UPDATE entry SET round = ?, name = ? WHERE ticket = ?', r.id, name, e.ticket);
  }
  const left: number[] = [];
  for (const id of from) {
    if (sql.exec('SELECT 1 FROM entry WHERE round = ?', id).toArray().length) left.push(id);
    else sql.exec('DELETE FROM round WHERE id = ?', id);
  }
  return { from: [...from], left };
}

/** Send to a waiting socket; one closing meanwhile is its close handler's business. */
export function trySend(ws: WebSocket, text: string): void {
  try { ws.send(text); } catch { /* closing: its close handler runs */ }
}
