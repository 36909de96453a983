// POST /api/quick and GET /api/quick/ws: a seat at the next quick match (worker/queue/queue.ts). The
// POST is held until the person is seated (at most the window), then answered as create+join
// are; the socket is told who has come and the time left, then the seat, and closing it leaves.
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { describeIssues, QuickBody, type QuickSeated, type QuickWaiting } from '../../shared/protocol';
import { identify, unknownPlayer } from './middleware/bearer';
import { fail, jsonBody, readBody } from './middleware/body';
import { listCacheS } from '../lobby/directory';
import { own } from './middleware/headers';
import { newToken } from '../shared/ids';
import { quickShardCap, quickWindowMs } from '../shared/limits';
import { overQuota } from './new-match-quota';
import { clientKey } from '../shared/address';
import { MOVED } from '../queue/queue';
import { MAX_SHARDS, shardName } from '../queue/quick-seats';
import { isUpgrade } from '../shared/sockets';
import { ratingsOf } from '../players/ratings';
import { START_RATING } from '../shared/config';

export const quick = new Hono<{ Bindings: Env }>();

// workers-types' CacheStorage has `default`; the DOM lib some configs load beside it does not.
const edgeCache = (): Cache => (caches as unknown as { default: Cache }).default;

const shard = (env: Env, players: number, k: number) => env.QUEUE.getByName(shardName(players, k));

/** Whether a retried request's ticket is known: the first shard holds it, or sent it on (one call). */
const isRetry = async (env: Env, players: number, ticket: string | undefined): Promise<boolean> =>
  !!ticket && shard(env, players, 0).knows(ticket);

const allFull = (c: Context) => {
  c.header('Retry-After', '2');
  return fail(c, 'rate-limited', 'Every quick-match queue is full just now; try again in a few seconds.');
};

/** The caller's address (IPv6 cut to its /64): at most one seat of a quick table is its. */
const addressOf = (c: Context): string => clientKey(c.req.header('CF-Connecting-IP'));

/** Shard by shard, each taking at most `cap` arrivals a window (exported for the small-cap test). */
export async function enterQuick(env: Env, body: QuickBody & { ticket: string; player?: string }, address: string, cap = quickShardCap(env)): Promise<QuickSeated | null> {
  const window = quickWindowMs(env);
  const rating = await ratingFor(env, body.players, body.player);
  for (let k = 0; k < MAX_SHARDS; k++) {
    const res = await shard(env, body.players, k).enter(body.ticket, body.name, body.players, window, cap, address, body.player ?? null, rating);
    if (res.ok) return res.seat;
  }
  return null;
}

/** The asker's rating at this size of table, by which the queue groups tables (anonymous: the start). */
const ratingFor = async (env: Env, players: number, player: string | undefined): Promise<number> =>
  player ? (await ratingsOf(env.DB, players, [player]))[0]!.rating : START_RATING;

// With a player's token (Authorization: Bearer), the seat is theirs, under their name.
quick.post('/api/quick', jsonBody, async (c) => {
  const r = await readBody(c, QuickBody);
  if (!r.ok) return r.res;
  const player = await identify(c.env, c.req.header('Authorization'));
  if (player === 'unknown') return unknownPlayer(c);
  // A retried request costs no quota again, and finds its entry along the same shards.
  if (!(await isRetry(c.env, r.body.players, r.body.ticket))) {
    const q = await overQuota(c);
    if ('res' in q) return q.res;
  }
  const who = player ? { name: player.name, player: player.id } : {};
  const seat = await enterQuick(c.env, { ...r.body, ...who, ticket: r.body.ticket ?? newToken() }, addressOf(c));
  return seat ? c.json(seat satisfies QuickSeated) : allFull(c);
});

// The socket's query: the POST body's fields as text (players a digit), and the player's token as
// `player` (a browser's WebSocket cannot send an Authorization header).
const QuickQuery = v.object({
  ...QuickBody.entries, players: v.optional(v.pipe(v.string(), v.regex(/^[2-4]$/, 'players is 2, 3 or 4'), v.transform(Number)), '2'),
  player: v.optional(v.string()),
});

quick.get('/api/quick/ws', async (c) => {
  if (!isUpgrade(c.req.header('Upgrade'))) return fail(c, 'bad-request', 'This route only upgrades to a WebSocket.', 426);
  const parsed = v.safeParse(QuickQuery, c.req.query());
  if (!parsed.success) return fail(c, 'bad-request', describeIssues(parsed.issues));
  const player = await identify(c.env, parsed.output.player === undefined ? undefined : `Bearer ${parsed.output.player}`);
  if (player === 'unknown') return unknownPlayer(c);
  const name = player ? player.name : parsed.output.name;
  const { players } = parsed.output;
  if (!(await isRetry(c.env, players, parsed.output.ticket))) {
    const q = await overQuota(c);
    if ('res' in q) return q.res;
  }
  const ticket = parsed.output.ticket ?? newToken();
  const rating = String(await ratingFor(c.env, players, player?.id));
  for (let k = 0; k < MAX_SHARDS; k++) {
    const url = new URL('https://queue/ws');
    url.search = new URLSearchParams({ ticket, name, players: String(players), address: addressOf(c), rating, ...(player ? { player: player.id } : {}) }).toString();
    const res = await shard(c.env, players, k).fetch(new Request(url, { headers: { Upgrade: 'websocket' } }));
    if (res.status !== MOVED) return own(res);
  }
  return allFull(c);
});

/** GET /api/quick: how many are waiting for each size of table (the first shard's count: where
 * everyone goes first). Cached like the list, so a crowd of landing pages costs a few reads. */
quick.get('/api/quick', async (c) => {
  const ttl = Math.min(listCacheS(c.env), 2);
  const key = new Request(new URL('/api/quick', c.req.url).toString());
  if (ttl > 0) {
    const hit = await edgeCache().match(key);
    if (hit) return own(hit);
  }
  const counts = await Promise.all(([2, 3, 4] as const).map((p) => shard(c.env, p, 0).waiting()));
  const res = c.json({ waiting: { 2: counts[0]!, 3: counts[1]!, 4: counts[2]! } } satisfies QuickWaiting);
  res.headers.set('Cache-Control', ttl > 0 ? `public, max-age=${ttl}` : 'no-store');
  if (ttl > 0) c.executionCtx.waitUntil(edgeCache().put(key, res.clone()));
  return res;
});
