// Players (docs/PROTOCOL.md, "Players"): an identity made once with a unique name, read back as a
// profile with its ratings and finished matches, deleted on request. The token is the only proof
// of a player: /api/me answers the bearer's own, and no route reads or changes another's with it.
import { Hono, type Context } from 'hono';
import { PlayerBody, RenameBody, type Leaderboard, type NameTaken, type PlayerCreated } from '../../shared/protocol';
import { createPlayer, deletePlayer, freeName, profile } from '../players/players';
import { exportPlayer, HELD_NAMES, rename } from '../players/names';
import { leaderboard } from '../players/ratings';
import { clientKey } from '../shared/address';
import { PLAYER_ID } from '../shared/ids';
import { playersPerMinute } from '../shared/limits';
import { bearer, unknownPlayer, type WithPlayer } from './middleware/bearer';
import { fail, jsonBody, readBody } from './middleware/body';
import { refused } from './middleware/refused';

export const players = new Hono<WithPlayer>();

/**
 * A bucket per address, in its own Quota object (the new-match quota's kind, apart from its count),
 * for what makes a token: a new player, or a passkey's sign-in (passkeys.ts). `what`: the refusal's words.
 */
export async function overPlayerQuota(c: Context<WithPlayer>, what = 'new players'): Promise<Response | null> {
  const quota = c.env.QUOTA.getByName(`players:${clientKey(c.req.header('CF-Connecting-IP'))}`);
  const t = await quota.take(playersPerMinute(c.env));
  if (t.ok) return null;
  c.header('Retry-After', String(t.retryAfterS));
  return refused(c, 'rate-limited', `Too many ${what} from this address; try again in ${t.retryAfterS} s.`);
}

export const noBearer = (c: Context): Response => refused(c, 'unauthorized', 'This route is a player\'s own: send its token as Authorization: Bearer <token>.');

players.post('/api/players', jsonBody, async (c) => {
  const r = await readBody(c, PlayerBody);
  if (!r.ok) return r.res;
  const over = await overPlayerQuota(c);
  if (over) return over;
  let made = await createPlayer(c.env.DB, r.body.name);
  // Asked for a free one rather than a refusal: the free name, tried again if taken meanwhile.
  for (let i = 0; !made && r.body.orFree && i < 3; i++) made = await createPlayer(c.env.DB, await freeName(c.env.DB, r.body.name));
  if (made) return c.json(made satisfies PlayerCreated, 201);
  return nameTaken(c, r.body.name);
});

players.get('/api/players/:id', async (c) => {
  const id = c.req.param('id');
  const p = PLAYER_ID.test(id) ? await profile(c.env.DB, id, c.req.query('before') ?? null) : null;
  if (!p) return fail(c, 'not-found', 'No such player.');
  c.header('Cache-Control', 'no-store');
  return c.json(p);
});

players.get('/api/me', bearer, async (c) => {
  const me = c.get('player');
  if (!me) return noBearer(c);
  const p = await profile(c.env.DB, me.id, c.req.query('before') ?? null);
  if (!p) return unknownPlayer(c);
  c.header('Cache-Control', 'no-store');
  return c.json(p);
});

/** A taken name's refusal: the error and a free one like it. */
async function nameTaken(c: Context<WithPlayer>, name: string): Promise<Response> {
  const suggestion = await freeName(c.env.DB, name);
  const body: NameTaken = { error: { code: 'name-taken', message: `Someone already has a name that reads as "${name}"; "${suggestion}" is free.`, suggestion } };
  return refused(c, 'name-taken', body.error.message, {}, body);
}

players.patch('/api/me', jsonBody, bearer, async (c) => {
  const me = c.get('player');
  if (!me) return noBearer(c);
  const r = await readBody(c, RenameBody);
  if (!r.ok) return r.res;
  const done = await rename(c.env.DB, me.id, me.name, r.body.name);
  if (done.ok) return c.json({ id: me.id, name: done.name });
  if ('taken' in done) return nameTaken(c, r.body.name);
  const wait = Math.ceil((done.retryAt - Date.now()) / 1000);
  c.header('Retry-After', String(wait));
  return refused(c, 'rate-limited', `You hold ${HELD_NAMES} names you gave up already; the oldest is free again in ${Math.ceil(wait / 86_400)} days.`);
});

players.get('/api/me/export', bearer, async (c) => {
  const me = c.get('player');
  if (!me) return noBearer(c);
  const data = await exportPlayer(c.env.DB, me.id);
  if (!data) return unknownPlayer(c);
  c.header('Cache-Control', 'no-store');
  c.header('Content-Disposition', `attachment; filename="darkmoor-${me.id}.json"`);
  return c.json(data);
});

players.delete('/api/me', bearer, async (c) => {
  const me = c.get('player');
  if (!me) return noBearer(c);
  await deletePlayer(c.env.DB, me.id);
  return c.body(null, 204);
});

/** The best rated players of a table size (`?players=`, 2 by default); a minute old at most. */
players.get('/api/leaderboard', async (c) => {
  const size = c.req.query('players') ?? '2';
  if (!/^[234]$/.test(size)) return fail(c, 'bad-request', 'players is a table size: 2, 3 or 4.');
  c.header('Cache-Control', 'public, max-age=60');
  return c.json(await leaderboard(c.env.DB, Number(size)) satisfies Leaderboard);
});
