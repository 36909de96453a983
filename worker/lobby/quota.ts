// The match-creation limit: a token bucket per client address, kept in a
// Durable Object named by that address. One object per address (not the one
// Lobby) so the check never funnels every create in the world through a single
// object, and each address's count is strongly consistent (unlike an
// in-memory count per isolate, which a client could spread across isolates).
// The bucket lives in SQLite, so an eviction forgets nothing.
//
// The same object holds the address's unstarted private matches (a cap that holds over time: a
// match counts from its creation until it starts or is deleted, worker/unstarted.ts).
import { DurableObject } from 'cloudflare:workers';

export interface Taken { ok: boolean; retryAfterS: number }

/** A new private match to count while it waits: its id, the cap, and how long a row may live at most. */
export interface Hold { id: string; cap: number; keepMs: number }

export type Admitted = { ok: true } | { ok: false; code: 'rate-limited'; retryAfterS: number } | { ok: false; code: 'too-many-waiting'; held: number };

export class Quota extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS bucket (id INTEGER PRIMARY KEY CHECK (id = 0), tokens REAL NOT NULL, at INTEGER NOT NULL)');
    ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS unstarted (id TEXT PRIMARY KEY, at INTEGER NOT NULL)');
  }

  /**
   * A new match from this address: within the creation rate, and, with `hold`, within the cap of
   * unstarted private matches (checked first: a refused request spends nothing). Synchronous
   * throughout, so two creates at once cannot both take the last place.
   */
  admit(perMinute: number, hold: Hold | null, now = Date.now()): Admitted {
    const full = hold && this.full(hold, now);
    if (full) return full;
    const t = this.take(perMinute, now);
    if (!t.ok) return { ok: false, code: 'rate-limited', retryAfterS: t.retryAfterS };
    return hold ? this.hold(hold, now) : { ok: true };
  }

  /** Count a private match that waits for people (a rematch, which spends no creation rate), within the cap. */
  hold(hold: Hold, now = Date.now()): Admitted {
    const full = this.full(hold, now);
    if (full) return full;
    this.ctx.storage.sql.exec('INSERT OR REPLACE INTO unstarted (id, at) VALUES (?, ?)', hold.id, now);
    return { ok: true };
  }

  private full(hold: Hold, now: number): Admitted | null {
    const sql = this.ctx.storage.sql;
    // A row outlives its match only if a release was lost; the match is gone by then anyway.
    sql.exec('DELETE FROM unstarted WHERE at < ?', now - hold.keepMs);
    const held = sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM unstarted WHERE id <> ?', hold.id).one().n;
    return held >= hold.cap ? { ok: false, code: 'too-many-waiting', held } : null;
  }

  /** The match started or was deleted: it no longer counts. */
  release(id: string): void {
    this.ctx.storage.sql.exec('DELETE FROM unstarted WHERE id = ?', id);
  }

  /** Take one token from a bucket of `perMinute` that refills `perMinute` a minute. */
  take(perMinute: number, now = Date.now()): Taken {
    const sql = this.ctx.storage.sql;
    const row = sql.exec<{ tokens: number; at: number }>('SELECT tokens, at FROM bucket WHERE id = 0').toArray()[0];
    const rate = perMinute / 60_000;
    let tokens = row ? Math.min(perMinute, row.tokens + (now - row.at) * rate) : perMinute;
    const ok = tokens >= 1;
    if (ok) tokens -= 1;
    sql.exec('INSERT OR REPLACE INTO bucket (id, tokens, at) VALUES (0, ?, ?)', tokens, now);
    return { ok, retryAfterS: ok ? 0 : Math.ceil((1 - tokens) / rate / 1000) };
  }
}
