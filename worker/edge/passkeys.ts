// Passkeys over HTTP (worker/players/passkeys.ts): a player registers one with their token; a new
// browser signs in with it and gets a token of its own. Each ceremony is two requests: its options
// (a one-use challenge), then the browser's answer.
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { Hono, type Context } from 'hono';
import { PasskeyAnswer, type PlayerCreated } from '../../shared/protocol';
import { registrationOptions, register, signIn, signInOptions, siteOf, MAX_PASSKEYS } from '../players/passkeys';
import { bearer, type WithPlayer } from './middleware/bearer';
import { fail, jsonBody, readBody } from './middleware/body';
import { refused } from './middleware/refused';
import { noBearer, overPlayerQuota } from './players';

export const passkeys = new Hono<WithPlayer>();

const noSite = (c: Context): Response => fail(c, 'bad-request', 'Passkeys need the site\'s name, not an IP address: open it at its name (locally, http://localhost).');

passkeys.post('/api/me/passkeys/options', bearer, async (c) => {
  const me = c.get('player');
  if (!me) return noBearer(c);
  const site = siteOf(new URL(c.req.url));
  if (!site) return noSite(c);
  const options = await registrationOptions(c.env.DB, site, me);
  if (!options) return refused(c, 'full', `A player keeps at most ${MAX_PASSKEYS} passkeys.`);
  c.header('Cache-Control', 'no-store');
  return c.json(options);
});

passkeys.post('/api/me/passkeys', jsonBody, bearer, async (c) => {
  const me = c.get('player');
  if (!me) return noBearer(c);
  const site = siteOf(new URL(c.req.url));
  if (!site) return noSite(c);
  const r = await readBody(c, PasskeyAnswer);
  if (!r.ok) return r.res;
  if (!(await register(c.env.DB, site, me, r.body as unknown as RegistrationResponseJSON))) {
    return refused(c, 'bad-request', 'That passkey could not be checked (an old or foreign challenge, another site, or a changed answer): try again.');
  }
  return c.body(null, 204);
});

passkeys.post('/api/passkeys/options', async (c) => {
  const site = siteOf(new URL(c.req.url));
  if (!site) return noSite(c);
  const over = await overPlayerQuota(c, 'sign-ins');
  if (over) return over;
  c.header('Cache-Control', 'no-store');
  return c.json(await signInOptions(c.env.DB, site));
});

passkeys.post('/api/passkeys/sign-in', jsonBody, async (c) => {
  const site = siteOf(new URL(c.req.url));
  if (!site) return noSite(c);
  const r = await readBody(c, PasskeyAnswer);
  if (!r.ok) return r.res;
  const player = await signIn(c.env.DB, site, r.body as unknown as AuthenticationResponseJSON);
  if (!player) return refused(c, 'unauthorized', 'That passkey names no player here, or its answer could not be checked.');
  c.header('Cache-Control', 'no-store');
  return c.json(player satisfies PlayerCreated);
});
