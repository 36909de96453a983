// Passkeys (WebAuthn, through @simplewebauthn/server): a player keeps their name on other devices.
// Registering needs the player's token; signing in with a passkey on a new browser gives that
// browser a token of its own (player_tokens), so the first browser keeps working. Challenges are
// random, kept five minutes and used once. The relying party is the site's own host name: WebAuthn
// refuses IP addresses, so locally it is `localhost`.
import {
  generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse,
  type AuthenticationResponseJSON, type AuthenticatorTransportFuture, type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON, type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { PlayerCreated } from '../../shared/protocol';
import { base64url, fromBase64url, hashToken, newToken } from '../shared/ids';
import type { Identity } from './players';

/** How long a ceremony's challenge may be answered. */
const CHALLENGE_MS = 5 * 60_000;
/** Passkeys one player may register. */
export const MAX_PASSKEYS = 10;

/** Where the ceremony runs: the page's origin and its host name (the relying party id). */
export interface Site { origin: string; rpID: string }

/** The site a request comes to, or null where passkeys cannot work (an IP address: WebAuthn needs a name). */
export function siteOf(url: URL): Site | null {
  const host = url.hostname;
  if (/^[\d.]+$/.test(host) || host.includes(':') || host.startsWith('[')) return null;
  return { origin: url.origin, rpID: host };
}


async function keep(db: D1Database, challenge: string, player: string | null, now: number): Promise<void> {
  await db.batch([
    db.prepare('DELETE FROM passkey_challenges WHERE expires <= ?').bind(now),
    db.prepare('INSERT INTO passkey_challenges (challenge, player, expires) VALUES (?, ?, ?)').bind(challenge, player, now + CHALLENGE_MS),
  ]);
}

/** Use a challenge once: true if it was kept for this player (null: a sign-in) and had not expired. */
async function spend(db: D1Database, challenge: string, player: string | null, now = Date.now()): Promise<boolean> {
  const row = await db.prepare('DELETE FROM passkey_challenges WHERE challenge = ? AND expires > ? RETURNING player')
    .bind(challenge, now).first<{ player: string | null }>();
  return row !== null && row.player === player;
}

/** Options to register a passkey for `me` (their existing ones excluded), or null at the cap. */
export async function registrationOptions(db: D1Database, site: Site, me: Identity, now = Date.now()): Promise<PublicKeyCredentialCreationOptionsJSON | null> {
  const have = (await db.prepare('SELECT id, transports FROM passkeys WHERE player = ?').bind(me.id).all<{ id: string; transports: string | null }>()).results;
  if (have.length >= MAX_PASSKEYS) return null;
  const options = await generateRegistrationOptions({
    rpName: 'Darkmoor Online', rpID: site.rpID, userName: me.name, userDisplayName: me.name,
    userID: new TextEncoder().encode(me.id), attestationType: 'none',
    excludeCredentials: have.map((k) => ({ id: k.id, transports: k.transports ? JSON.parse(k.transports) as AuthenticatorTransportFuture[] : undefined })),
    // A discoverable passkey: "I have played here before" finds it with no name typed.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await keep(db, options.challenge, me.id, now);
  return options;
}

/** Verify and keep a new passkey of `me`; false if the answer does not hold. */
export async function register(db: D1Database, site: Site, me: Identity, response: RegistrationResponseJSON, now = Date.now()): Promise<boolean> {
  const v = await verifyRegistrationResponse({
    response, expectedChallenge: (c) => spend(db, c, me.id, now), expectedOrigin: site.origin, expectedRPID: site.rpID, requireUserVerification: false,
  }).catch(() => null);
  if (!v?.verified || !v.registrationInfo) return false;
  const { credential } = v.registrationInfo;
  await db.prepare('INSERT OR IGNORE INTO passkeys (id, player, public_key, counter, transports, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    .bind(credential.id, me.id, base64url(credential.publicKey), credential.counter, credential.transports ? JSON.stringify(credential.transports) : null, now).run();
  return true;
}

/** Options to sign in with whichever passkey of this site the browser holds. */
export async function signInOptions(db: D1Database, site: Site, now = Date.now()): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({ rpID: site.rpID, userVerification: 'preferred' });
  await keep(db, options.challenge, null, now);
  return options;
}

/** Verify a sign-in; its player and a new token for this browser (only its hash is kept), or null. */
export async function signIn(db: D1Database, site: Site, response: AuthenticationResponseJSON, now = Date.now()): Promise<PlayerCreated | null> {
  const key = await db.prepare(`SELECT k.id, k.player, k.public_key, k.counter, k.transports, p.name FROM passkeys k
    JOIN players p ON p.id = k.player AND p.deleted_at IS NULL WHERE k.id = ?`).bind(response.id)
    .first<{ id: string; player: string; public_key: string; counter: number; transports: string | null; name: string }>();
  if (!key) return null;
  const v = await verifyAuthenticationResponse({
    response, expectedChallenge: (c) => spend(db, c, null, now), expectedOrigin: site.origin, expectedRPID: site.rpID, requireUserVerification: false,
    credential: { id: key.id, publicKey: fromBase64url(key.public_key), counter: key.counter, transports: key.transports ? JSON.parse(key.transports) as AuthenticatorTransportFuture[] : undefined },
  }).catch(() => null);
  if (!v?.verified) return null;
  const token = newToken();
  await db.batch([
    db.prepare('UPDATE passkeys SET counter = ? WHERE id = ?').bind(v.authenticationInfo.newCounter, key.id),
    db.prepare('INSERT INTO player_tokens (token_hash, player, created_at) VALUES (?, ?, ?)').bind(await hashToken(token), key.player, now),
  ]);
  return { id: key.player, token, name: key.name };
}

/** How many passkeys a player has (their page says whether their name is kept on other devices). */
export const passkeyCount = async (db: D1Database, player: string): Promise<number> =>
  (await db.prepare('SELECT COUNT(*) AS n FROM passkeys WHERE player = ?').bind(player).first<{ n: number }>())!.n;
