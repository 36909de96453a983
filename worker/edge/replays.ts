// A finished match's replay never changes, and building one costs a view per action (~11 ms of
// CPU for a long match, up to ~250 KB): it is served once per edge and per browser. Its ETag is the
// match id and final version (stable across object restarts and deploys); a matching
// If-None-Match is answered 304 without building it, from the edge cache or by the match. Every
// replay request spends one token of a bucket per client address (REPLAYS_PER_MINUTE), kept in a
// Quota object of its own, so no address can make the server build or send replays in bulk.
import type { Context } from 'hono';
import { fail } from './middleware/body';
import { edgeCache } from './edge-cache';
import { replaysPerMinute } from '../shared/limits';
import { clientKey } from '../shared/address';
import { holds } from '../match/replay';

/** Longest a replay is kept anywhere: a year, or less when the match is deleted sooner (retention.ts). */
const YEAR_S = 365 * 24 * 60 * 60;

/** Fresh until the match is deleted (at most a year): `Expires` says when, so a cached copy tells it again. */
function freshness(until: number, now = Date.now()): Record<string, string> {
  const s = Math.min(YEAR_S, Math.floor((until - now) / 1000));
  return s > 0 ? { 'Cache-Control': `public, max-age=${s}, immutable`, Expires: new Date(until).toUTCString() } : { 'Cache-Control': 'no-store' };
}

const notModified = (tag: string, until: number): Response => new Response(null, { status: 304, headers: { ETag: tag, ...freshness(until) } });

/** One token of the address's replay bucket; null if allowed, else the 429 to answer. */
async function overLimit(c: Context<{ Bindings: Env }>): Promise<Response | null> {
  const q = await c.env.QUOTA.getByName(`replays|${clientKey(c.req.header('CF-Connecting-IP'))}`).take(replaysPerMinute(c.env));
  if (q.ok) return null;
  c.header('Retry-After', String(q.retryAfterS));
  return fail(c, 'rate-limited', `Too many replays asked for from this address; try again in ${q.retryAfterS} s.`);
}

/** `GET /api/matches/:id/replay`: limited, then from the edge cache, then from the match (and kept at the edge). */
export async function replayAnswer(c: Context<{ Bindings: Env }>): Promise<Response> {
  const limited = await overLimit(c);
  if (limited) return limited;
  const held = c.req.header('If-None-Match') ?? null;
  // One key per replay whatever the query string, so no request can force a rebuild.
  const key = new Request(new URL(c.req.path, c.req.url).toString());
  const hit = await edgeCache().match(key);
  if (hit) {
    const tag = hit.headers.get('ETag') ?? '';
    const until = Date.parse(hit.headers.get('Expires') ?? '');
    if (holds(held, tag)) return notModified(tag, until);
    const res = new Response(hit.body, hit);
    for (const [k, v] of Object.entries(freshness(until))) res.headers.set(k, v);
    return res;
  }
  const r = await c.env.MATCH.getByName(c.req.param('id')!).replay(held);
  if (!r.ok) return fail(c, r.code, r.message);
  if (r.json === undefined) return notModified(r.tag, r.until);
  const fresh = freshness(r.until);
  const res = new Response(r.json, { headers: { 'Content-Type': 'application/json', ETag: r.tag, ...fresh } });
  if (fresh.Expires) c.executionCtx.waitUntil(edgeCache().put(key, res.clone()));
  return res;
}
