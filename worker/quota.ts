// The match-creation limit: a token bucket per client address, kept in a
// Durable Object named by that address. One object per address (not the one
// Lobby) so the check never funnels every create in the world through a single
// object, and each address's count is strongly consistent (unlike an
// in-memory count per isolate, which a client could spread across isolates).
// The bucket lives in SQLite, so an eviction forgets nothing.
import { DurableObject } from 'cloudflare:workers';

/** When no address is known (local `wrangler dev` without a proxy in front), every client is this one. */
export const LOCAL_ADDRESS = 'local';

/**
 * The key for a client: its CF-Connecting-IP, IPv6 cut to its /64 (one host
 * usually holds a whole /64, so per-address would be no limit at all).
 */
export function clientKey(ip: string | null | undefined): string {
  if (!ip) return LOCAL_ADDRESS;
  if (!ip.includes(':')) return ip;
  const [head = ''] = ip.split('::');
  const groups = ip.includes('::') ? head.split(':').filter(Boolean) : ip.split(':');
  return `${[...groups, '0', '0', '0', '0'].slice(0, 4).join(':')}::/64`;
}

export interface Taken { ok: boolean; retryAfterS: number }

export class Quota extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS bucket (id INTEGER PRIMARY KEY CHECK (id = 0), tokens REAL NOT NULL, at INTEGER NOT NULL)');
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
