// Match and player ids (public, in URLs) and seat and player tokens (secret: the only proof of a seat).

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** New ids are 22 characters; matches made before them keep their 10-character ids. */
export const MATCH_ID = /^[0-9A-Za-z]{10}(?:[0-9A-Za-z]{12})?$/;

/** Characters of a new id: 22 base62 characters hold 131 random bits. */
const ID_LENGTH = 22;

/**
 * A match id is a capability: whoever has the link may watch, and join an open seat. So it is
 * as unguessable as a token (at least 128 bits), and an unknown id costs nothing to refuse.
 */
export function newMatchId(): string {
  // Rejection sampling keeps every character equally likely (256 = 4·62 + 8).
  let id = '';
  while (id.length < ID_LENGTH) {
    for (const b of crypto.getRandomValues(new Uint8Array(32))) {
      if (b < 248 && id.length < ID_LENGTH) id += BASE62[b % 62];
    }
  }
  return id;
}

/** A player's id: public (in /p/<id> links), as unguessable as a match's, the same form as a new match id. */
export const newPlayerId = (): string => newMatchId();
export const PLAYER_ID = /^[0-9A-Za-z]{22}$/;

export const base64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
export const fromBase64url = (s: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** 24 random bytes (192 bits), base64url. */
export const newToken = (): string => base64url(crypto.getRandomValues(new Uint8Array(24)));

/** Only the hash is stored, so a leaked database does not leak seats. */
export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return base64url(new Uint8Array(digest));
}

/** A new match's deal key: 256 random bits as 64 lowercase hex digits (the engine's ChaCha20 key). */
export const randomSeed = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('');
