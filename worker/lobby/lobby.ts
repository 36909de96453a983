// The index of public matches still waiting for players: ids only, for the per-address
// cap. The public list itself is the directory's (directory.ts), which the matches push to.
//
// Each entry also keeps a salted hash of its creator's address (a rematch's: the address that
// asked for it), so one address can hold only so many waiting matches at once, listed or not:
// the cap holds over time, not only at creation. And whether it is listed: a match whose people
// are gone is unlisted, not forgotten, and listed again when one of them is back, if its creator
// is within the cap of listed ones then.
import { DurableObject } from 'cloudflare:workers';
import { hashToken, newToken } from '../shared/ids';

/** Waiting matches older than this drop out of the public list. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

export type Reserved = { ok: true } | { ok: false; waiting: number };

export class Lobby extends DurableObject<Env> {
  private salt: string;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const sql = ctx.storage.sql;
    sql.exec('CREATE TABLE IF NOT EXISTS waiting (id TEXT PRIMARY KEY, created INTEGER NOT NULL)');
    // Columns added after the first deployment: a table made before them gets them here.
    const columns = new Set(sql.exec<{ name: string }>('PRAGMA table_info(waiting)').toArray().map((c) => c.name));
    if (!columns.has('creator')) sql.exec('ALTER TABLE waiting ADD COLUMN creator TEXT');
    if (!columns.has('listed')) sql.exec('ALTER TABLE waiting ADD COLUMN listed INTEGER NOT NULL DEFAULT 1');
    // A random salt, so the stored hashes cannot be matched to addresses by hashing every IPv4 address.
    sql.exec('CREATE TABLE IF NOT EXISTS salt (id INTEGER PRIMARY KEY CHECK (id = 0), value TEXT NOT NULL)');
    sql.exec('INSERT OR IGNORE INTO salt (id, value) VALUES (0, ?)', newToken());
    this.salt = sql.exec<{ value: string }>('SELECT value FROM salt WHERE id = 0').one().value;
  }

  /**
   * List a new match of `client`'s (a shared/address.ts clientKey) unless that address has `cap` waiting
   * already, listed or not. The count and the insert run without an await between them, so two
   * creates at once cannot both take the last place.
   */
  async reserve(id: string, created: number, client: string, cap: number): Promise<Reserved> {
    const creator = await hashToken(`${this.salt}:${client}`);
    const sql = this.ctx.storage.sql;
    sql.exec('DELETE FROM waiting WHERE created < ?', Date.now() - MAX_AGE_MS);
    const waiting = sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM waiting WHERE creator = ?', creator).one().n;
    if (waiting >= cap) return { ok: false, waiting };
    sql.exec('INSERT OR REPLACE INTO waiting (id, created, creator, listed) VALUES (?, ?, ?, 1)', id, created, creator);
    return { ok: true };
  }

  /** List a match; one reserved already keeps its creator. */
  add(id: string, created: number): void {
    this.ctx.storage.sql.exec('INSERT INTO waiting (id, created) VALUES (?, ?) ON CONFLICT (id) DO NOTHING', id, created);
  }

  remove(id: string): void {
    this.ctx.storage.sql.exec('DELETE FROM waiting WHERE id = ?', id);
  }

  /**
   * Off the list while nobody seated in it is there; listed again when someone is back, unless its
   * creator has `cap` listed already (a cap lowered since, say). True when it is listed now.
   */
  setListed(id: string, listed: boolean, cap = Infinity): boolean {
    const sql = this.ctx.storage.sql;
    if (listed) {
      const { n } = sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM waiting w JOIN waiting me ON me.id = ?
        WHERE w.creator = me.creator AND w.listed = 1 AND w.id <> me.id`, id).one();
      if (n >= cap) return false;
    }
    sql.exec('UPDATE waiting SET listed = ? WHERE id = ?', listed ? 1 : 0, id);
    return listed;
  }
}

export const lobby = (env: Env) => env.LOBBY.getByName('lobby');
