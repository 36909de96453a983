// POST /api/quick: a seat at the next quick match (worker/queue.ts). The request is held until
// the person is seated (at most the window), then answered as create+join are.
import { Hono } from 'hono';
import { QuickBody, type QuickSeated } from '../shared/protocol';
import { fail, jsonBody, readBody } from './body';
import { newToken } from './ids';
import { matchesPerMinute, quickShardCap, quickWindowMs } from './limits';
import { clientKey } from './quota';
import { MAX_SHARDS, shardName } from './quick-seats';

export const quick = new Hono<{ Bindings: Env }>();

quick.post('/api/quick', jsonBody, async (c) => {
  const r = await readBody(c, QuickBody);
  if (!r.ok) return r.res;
  const { name, players } = r.body;
  const shard = (k: number) => c.env.QUEUE.getByName(shardName(players, k));
  // A retried request goes back to the shard that knows its ticket, and costs no quota again.
  let known = -1;
  if (r.body.ticket) {
    const ticket = r.body.ticket;
    const knows = await Promise.all(Array.from({ length: MAX_SHARDS }, (_, k) => shard(k).knows(ticket)));
    known = knows.indexOf(true);
  }
  if (known < 0) {
    // A quick match is a new match: the same per-address limit as POST /api/matches, so a flood cannot fill the queue.
    const quota = await c.env.QUOTA.getByName(clientKey(c.req.header('CF-Connecting-IP'))).take(matchesPerMinute(c.env));
    if (!quota.ok) {
      c.header('Retry-After', String(quota.retryAfterS));
      return fail(c, 'rate-limited', `Too many new matches from this address; try again in ${quota.retryAfterS} s.`);
    }
  }
  const ticket = r.body.ticket ?? newToken();
  const window = quickWindowMs(c.env);
  const cap = quickShardCap(c.env);
  for (let k = Math.max(known, 0); k < MAX_SHARDS; k++) {
    const res = await shard(k).enter(ticket, name, players, window, cap);
    if (res.ok) return c.json(res.seat satisfies QuickSeated);
  }
  return fail(c, 'rate-limited', 'Every quick-match queue is full just now; try again in a few seconds.');
});

/** GET /api/quick: how many are waiting for each size of table (the first shard's count: where most wait). */
quick.get('/api/quick', async (c) => {
  const sizes = [2, 3, 4] as const;
  const counts = await Promise.all(sizes.map((p) => c.env.QUEUE.getByName(shardName(p, 0)).waiting()));
  return c.json({ waiting: Object.fromEntries(sizes.map((p, i) => [String(p), counts[i]])) });
});
