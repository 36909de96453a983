// The lobby routes of PROTOCOL.md. Each match is its own Durable Object,
// addressed by name; the Lobby object counts public waiting matches per creator, and the
// list is read from the directory shards the matches push to (lobby/directory.ts).
import { Hono } from 'hono';
import { createGame, otherSide, SetupError } from '../../shared/engine';
import { CreateMatchBody, JoinBody, RematchBody, type Joined, type MatchCreated, type MatchList } from '../../shared/protocol';
import { addressOf, withAddress } from '../shared/address';
import { remember, waitLeft } from './backoff';
import { identify, unknownPlayer } from './middleware/bearer';
import { fail, jsonBody, readBody } from './middleware/body';
import { awaitsPeople, publicCapMessage } from '../lobby/caps';
import { edgeCache } from './edge-cache';
import { own } from './middleware/headers';
import { house } from '../house/house';
import { MATCH_ID, newMatchId, randomSeed } from '../shared/ids';
import { minAwayMs, minIdleMs, publicWaitingPerAddress } from '../shared/limits';
import { logEvent } from '../shared/log';
import { forget, listCacheS, readList } from '../lobby/directory';
import { lobby } from '../lobby/lobby';
import { overQuota } from './new-match-quota';
import { clientKey } from '../shared/address';
import type { MatchConfig } from '../shared/config';
import { isUpgrade } from '../shared/sockets';
import { lookupAnswer } from './lookup';
import { MALFORMED_IDS } from '../match/connect';
import { replayAnswer } from './replays';

export const routes = new Hono<{ Bindings: Env }>();

const matchUrl = (id: string) => `/m/${id}`;

/** The idle and away graces a match keeps: as asked, raised to the floors when two or more people sit at it. */
function graces(env: Env, b: CreateMatchBody, people: number): Pick<MatchConfig, 'idleMs' | 'awayMs'> {
  if (people < 2) return { idleMs: b.idleMs, awayMs: b.awayMs };
  return { idleMs: Math.max(b.idleMs, minIdleMs(env)), awayMs: Math.max(b.awayMs, minAwayMs(env)) };
}

// Before the id checks below: an id of any form is answered 200 (found or not); a malformed one
// reaches no object.
routes.get('/api/matches/:id/lookup', async (c) => {
  const id = c.req.param('id');
  return lookupAnswer(c, MATCH_ID.test(id) ? await c.env.MATCH.getByName(id).summary() : null);
});

// Unknown-format ids never reach (and so never create) an object of their own. A socket for one is
// told as for an unknown match, by the one object MALFORMED_IDS (match/connect.ts): a spectator's page
// opens it before any lookup.
routes.use('/api/matches/:id/*', async (c, next) => {
  if (MATCH_ID.test(c.req.param('id') ?? '')) return next();
  if (c.req.path.endsWith('/ws') && isUpgrade(c.req.header('Upgrade'))) return own(await c.env.MATCH.getByName(MALFORMED_IDS).fetch(c.req.raw));
  return fail(c, 'not-found', 'No such match.');
});
routes.use('/api/matches/:id', async (c, next) => {
  if (!MATCH_ID.test(c.req.param('id') ?? '')) return fail(c, 'not-found', 'No such match.');
  await next();
});

routes.post('/api/matches', jsonBody, async (c) => {
  const r = await readBody(c, CreateMatchBody);
  if (!r.ok) return r.res;
  const b = r.body;
  const seed = b.seed ?? randomSeed();
  try {
    // The engine knows which location sides exist and go together.
    createGame({ players: b.players, seed, ...(b.locations !== undefined ? { locations: b.locations } : {}) });
  } catch (e) {
    if (e instanceof SetupError) return fail(c, 'bad-request', e.message);
    throw e;
  }
  // A test position may put both faces of a card on the table; a real deal never does.
  const twin = Array.isArray(b.locations) ? b.locations.find((side) => b.locations!.includes(otherSide(side) ?? '')) : undefined;
  if (twin) {
    return fail(c, 'bad-request', `${twin} and ${otherSide(twin)} are the two sides of one location card: a match deals each card once.`);
  }
  const id = newMatchId();
  // Bots alone: watched by its link, and it plays only while someone watches (table/clock.ts paused).
  const people = b.players - Object.keys(b.bots).length;
  // Only a well-formed request spends from the creator's quota (nothing is created otherwise); a
  // private match people will join counts against its address until it starts.
  const q = await overQuota(c, b.public || !awaitsPeople(b) ? null : id);
  if ('res' in q) return q.res;
  const config: MatchConfig = {
    id, players: b.players, bots: b.bots, clock: b.clock, seed, seeded: b.seed !== undefined, public: b.public, watch: b.watch, botDelayMs: b.botDelayMs,
    takeover: b.takeover, ...graces(c.env, b, people),
    createdAt: Date.now(), ...(b.locations !== undefined ? { locations: b.locations } : {}),
    ...(people === 0 ? { watched: true } : {}), ...(q.held ? { quota: q.held } : {}), ...(b.rated ? { rated: true } : {}), ...(b.lesson ? { lesson: b.lesson } : {}),
  };
  // A public match takes one of its address's few places in the list first (private ones are not counted).
  if (b.public) {
    const cap = publicWaitingPerAddress(c.env);
    const place = await lobby(c.env).reserve(id, config.createdAt, clientKey(c.req.header('CF-Connecting-IP')), cap);
    if (!place.ok) {
      logEvent('refused', { code: 'too-many-waiting', where: 'POST /api/matches' });
      return fail(c, 'too-many-waiting', publicCapMessage(place.waiting));
    }
  }
  try {
    await c.env.MATCH.getByName(id).create(config);
  } catch (e) {
    // Off the Lobby and the list both, whatever the match pushed before it failed.
    if (b.public) await forget(c.env, id);
    throw e;
  }
  return c.json({ id, url: matchUrl(id) } satisfies MatchCreated, 201);
});

// Cached at the edge a few seconds, one key whatever the query string, so most requests read no
// object at all and none can force a read; a miss reads each shard once. No match is asked.
routes.get('/api/matches', async (c) => {
  const ttl = listCacheS(c.env);
  const key = new Request(new URL('/api/matches', c.req.url).toString());
  if (ttl > 0) {
    const hit = await edgeCache().match(key);
    if (hit) return own(hit);
  }
  const res = c.json((await readList(c.env)) satisfies MatchList);
  res.headers.set('Cache-Control', ttl > 0 ? `public, max-age=${ttl}` : 'no-store');
  if (ttl > 0) c.executionCtx.waitUntil(edgeCache().put(key, res.clone()));
  return res;
});

// The featured table's match of bots (worker/house/house.ts): the current one, or a new one once it is over.
routes.get('/api/tv', async (c) => {
  const id = await house(c.env).current();
  return c.json({ id, url: `/m/${id}/watch` } satisfies MatchCreated);
});

routes.get('/api/matches/:id', async (c) => {
  const s = await c.env.MATCH.getByName(c.req.param('id')).summary();
  return s ? c.json(s) : fail(c, 'not-found', 'No such match.');
});

// With a player's token (Authorization: Bearer), the seat is theirs, under their name: the match
// lists it on their profile when it ends.
routes.post('/api/matches/:id/join', jsonBody, async (c) => {
  const r = await readBody(c, JoinBody);
  if (!r.ok) return r.res;
  const player = await identify(c.env, c.req.header('Authorization'));
  if (player === 'unknown') return unknownPlayer(c);
  const res = await c.env.MATCH.getByName(c.req.param('id')).join(player?.name ?? r.body.name, r.body.seat, r.body.rematchToken, player?.id);
  return res.ok ? c.json({ seat: res.seat, token: res.token } satisfies Joined) : fail(c, res.code, res.message, undefined, res.suggestion);
});

routes.post('/api/matches/:id/rematch', jsonBody, async (c) => {
  const r = await readBody(c, RematchBody);
  if (!r.ok) return r.res;
  const res = await c.env.MATCH.getByName(c.req.param('id')).rematch(r.body.token, clientKey(c.req.header('CF-Connecting-IP')));
  return res.ok ? c.json({ id: res.id, url: matchUrl(res.id) } satisfies MatchCreated) : fail(c, res.code, res.message);
});

// Immutable once the match is over: cached, tagged and limited per address (replays.ts).
routes.get('/api/matches/:id/replay', replayAnswer);

// The benchmarks' baseline (worker/bench/echo.ts), only where BENCH_ECHO is "on": /api/bench/echo/ws?name=<object>.
routes.get('/api/bench/echo/ws', async (c) => {
  if (c.env.BENCH_ECHO !== 'on') return fail(c, 'not-found', 'No such route.');
  return own(await c.env.ECHO.getByName(c.req.query('name') ?? 'echo').fetch(c.req.raw));
});

// The match object answers 404 (unknown match), 426 (no upgrade) or 429 (connection churn)
// itself, before any upgrade; it learns the client's address from the route (admission.ts).
// An upgrade with no match behind it is accepted by the object and closed with 4004 (match/connect.ts).
// A seatless client still inside a window the match gave it is answered here (backoff.ts).
routes.get('/api/matches/:id/ws', async (c) => {
  const id = c.req.param('id');
  const req = withAddress(c.req.raw);
  const address = addressOf(req);
  const seatless = !new URL(req.url).searchParams.has('token');
  const wait = seatless ? waitLeft(id, address) : 0;
  if (wait) {
    // No line of its own: the match's paced refusal line stands for its repeats.
    c.header('Retry-After', String(wait));
    return fail(c, 'rate-limited', `Too many new connections from this address; try again in ${wait} s.`);
  }
  const res = await c.env.MATCH.getByName(id).fetch(req);
  // Someone trying links: worth one line (the object stored nothing for it; an upgrade's is its own).
  if (res.status === 404) logEvent('refused', { code: 'not-found', where: 'socket', match: id });
  if (res.status === 429 && seatless) remember(id, address, Number(res.headers.get('Retry-After')));
  return own(res);
});
