// Passkeys in the browser (docs/PROTOCOL.md, "Passkeys"), loaded only when asked: keep this
// browser's player on other devices, or sign in as the player a passkey holds.
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type { PlayerCreated } from '../../shared/protocol/http';
import { me } from './player';
import { loadPlayer, saveName, savePlayer } from './store';

const post = (path: string, body?: unknown, token?: string) => fetch(path, {
  method: 'POST',
  headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

const why = async (res: Response): Promise<string> =>
  ((await res.json().catch(() => null)) as { error?: { message?: string } } | null)?.error?.message ?? `The server answered ${res.status}.`;

/** A WebAuthn refusal in the player's words (they closed the prompt, or the browser has none). */
const said = (e: unknown): string => (e as Error).name === 'NotAllowedError'
  ? 'No passkey was chosen.' : `This browser could not use a passkey: ${(e as Error).message}`;

/**
 * One ceremony: its options from the server, the browser's passkey prompt, the answer back. The
 * server's answer, or what went wrong in words.
 */
async function ceremony(options: string, answer: string, prompt: (optionsJSON: never) => Promise<unknown>, token?: string): Promise<Response | string> {
  const opts = await post(options, undefined, token);
  if (!opts.ok) return why(opts);
  let reply;
  try {
    reply = await prompt(await opts.json() as never);
  } catch (e) {
    return said(e);
  }
  const res = await post(answer, reply, token);
  return res.ok ? res : why(res);
}

/** Register a passkey for this browser's player; null when done, else what went wrong. */
export async function keepOnOtherDevices(): Promise<string | null> {
  const p = loadPlayer();
  if (!p) return 'This browser has no player yet.';
  const r = await ceremony('/api/me/passkeys/options', '/api/me/passkeys', (optionsJSON) => startRegistration({ optionsJSON }), p.token);
  return typeof r === 'string' ? r : null;
}

/** Sign in with a passkey: this browser becomes its player. The player, or what went wrong. */
export async function signInWithPasskey(): Promise<PlayerCreated | string> {
  const r = await ceremony('/api/passkeys/options', '/api/passkeys/sign-in', (optionsJSON) => startAuthentication({ optionsJSON }));
  if (typeof r === 'string') return r;
  const player = await r.json() as PlayerCreated;
  savePlayer(player);
  saveName(player.name);
  me.value = player;
  return player;
}
