// The player a request comes from: `Authorization: Bearer <token>`, the token of POST /api/players,
// looked up by its hash (worker/players/players.ts). No header: an anonymous request, which every
// route but /api/me serves as before. A header that names no player is refused (401), never taken
// as anonymous: the client learns its identity is gone instead of playing unlinked unawares.
import type { Context, MiddlewareHandler } from 'hono';
import { playerOfToken, type Identity } from '../../players/players';
import { refused } from './refused';

export interface PlayerVars { player: Identity | null }
export type WithPlayer = { Bindings: Env; Variables: PlayerVars };

/** Tokens are base64url; anything else (or longer) is no token of ours, refused without a read. */
const BEARER = /^Bearer ([A-Za-z0-9_-]{1,256})$/;

/** The bearer's player, null without a header, or `unknown` when the header names nobody. */
export async function identify(env: Env, header: string | undefined): Promise<Identity | null | 'unknown'> {
  if (header === undefined) return null;
  const m = BEARER.exec(header.trim());
  return (m && (await playerOfToken(env.DB, m[1]!))) || 'unknown';
}

export const unknownPlayer = (c: Context): Response =>
  refused(c, 'unauthorized', 'That player token names no player (deleted, or never made): send none to play anonymously, or make a new player.');

/** Sets `player` (null: anonymous), or refuses a token that names no player. */
export const bearer: MiddlewareHandler<WithPlayer> = async (c, next) => {
  const who = await identify(c.env, c.req.header('Authorization'));
  if (who === 'unknown') return unknownPlayer(c);
  c.set('player', who);
  await next();
};
