// The per-address limit on new matches, spent by POST /api/matches and by a new quick-match
// request alike, so neither route is a way around the other's limit.
import type { Context } from 'hono';
import { fail } from './body';
import { matchesPerMinute } from './limits';
import { clientKey } from './quota';

/** Spend one new match from the caller's address; null if allowed, else the 429 to answer. */
export async function overQuota(c: Context<{ Bindings: Env }>): Promise<Response | null> {
  const q = await c.env.QUOTA.getByName(clientKey(c.req.header('CF-Connecting-IP'))).take(matchesPerMinute(c.env));
  if (q.ok) return null;
  c.header('Retry-After', String(q.retryAfterS));
  return fail(c, 'rate-limited', `Too many new matches from this address; try again in ${q.retryAfterS} s.`);
}
