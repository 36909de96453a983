// The per-address limits on new matches, kept in the address's Quota object (lobby/quota.ts): the
// creation rate, spent by POST /api/matches and by a new quick-match request alike, so neither
// route is a way around the other's limit; and, for a private match people will join, the cap of
// unstarted ones (held until the match starts or is deleted: lobby/caps.ts releases it).
import type { Context } from 'hono';
import { fail } from './middleware/body';
import { privateCapMessage } from '../lobby/caps';
import { matchesPerMinute, privateWaitingPerAddress, unstartedRetentionMs } from '../shared/limits';
import { logEvent } from '../shared/log';
import { clientKey } from '../shared/address';

const quotaId = (c: Context<{ Bindings: Env }>): DurableObjectId => c.env.QUOTA.idFromName(clientKey(c.req.header('CF-Connecting-IP')));

/**
 * Spend one new match from the caller's address; with `holdId`, also count that private match
 * against the address until it starts. Null if allowed (and, holding, the Quota object's id to
 * release it by: `held`), else the 429 to answer.
 */
export async function overQuota(c: Context<{ Bindings: Env }>, holdId: string | null = null): Promise<{ res: Response } | { held: string | null }> {
  const id = quotaId(c);
  const hold = holdId === null ? null : { id: holdId, cap: privateWaitingPerAddress(c.env), keepMs: unstartedRetentionMs(c.env) };
  const q = await c.env.QUOTA.get(id).admit(matchesPerMinute(c.env), hold);
  if (q.ok) return { held: hold ? id.toString() : null };
  if (q.code === 'too-many-waiting') {
    logEvent('refused', { code: q.code, where: 'POST /api/matches', private: true });
    return { res: fail(c, 'too-many-waiting', privateCapMessage(q.held)) };
  }
  c.header('Retry-After', String(q.retryAfterS));
  return { res: fail(c, 'rate-limited', `Too many new matches from this address; try again in ${q.retryAfterS} s.`) };
}
