// The player this browser is (docs/PROTOCOL.md, "Players"): made silently on the first visit, with
// the name this browser last played under (or the free one the server suggests), and kept in
// localStorage. Its token goes with a join or a quick match under the player's own name, so the
// match lands in their list; under any other name the seat is anonymous, as before. Nothing here
// ever stands in the way of playing: a player that cannot be made is simply not made.
import { signal } from './signal';
import type { NameTaken, PlayerCreated, PlayerProfile } from '../../shared/protocol/http';
import { loadName, loadPlayer, savePlayer } from './store';

/** This browser's player as the pages show it (the lobby's name follows it once it is made). */
export const me = signal<PlayerCreated | null>(loadPlayer());

let making: Promise<PlayerCreated | null> | null = null;

/** This browser's player, made now if it has none; null when that cannot be done (offline, limits). */
export function ensurePlayer(): Promise<PlayerCreated | null> {
  const p = loadPlayer();
  if (p) return Promise.resolve(p);
  return (making ??= make(loadName(), 3).finally(() => { making = null; }));
}

async function make(name: string, tries: number): Promise<PlayerCreated | null> {
  try {
    const res = await fetch('/api/players', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, orFree: true }) });
    const json = await res.json().catch(() => null) as PlayerCreated | NameTaken | null;
    if (res.status === 201 && json && 'token' in json) {
      savePlayer(json);
      me.value = json;
      return json;
    }
    // Taken: the server's free suggestion (another tab may take it first: ask again).
    if (res.status === 409 && json && 'error' in json && tries > 1) return make(json.error.suggestion, tries - 1);
  } catch { /* offline: anonymous this visit */ }
  return null;
}

/** The server no longer knows this player (deleted): forget it; the next visit makes a new one. */
export function forgetPlayer(): void {
  savePlayer(null);
  me.value = null;
}

/** A profile: this browser's own (`/api/me`) or anyone's; null if there is none (or it cannot be read). */
export async function readProfile(id: string | 'me', before: string | null = null): Promise<PlayerProfile | null> {
  const p = loadPlayer();
  if (id === 'me' && !p) return null;
  const q = before ? `?before=${encodeURIComponent(before)}` : '';
  const res = await fetch(id === 'me' ? `/api/me${q}` : `/api/players/${encodeURIComponent(id)}${q}`,
    id === 'me' ? { headers: { Authorization: `Bearer ${p!.token}` } } : {});
  if (id === 'me' && res.status === 401) forgetPlayer();
  if (res.status === 404 || res.status === 401) return null;
  if (!res.ok) throw new Error(`The server answered ${res.status}.`);
  return res.json() as Promise<PlayerProfile>;
}

/** Take a seat; if the server no longer knows this player (deleted), forget it and take it anonymously. */
export async function seatAnyway<T>(take: () => Promise<T>): Promise<T> {
  try {
    return await take();
  } catch (e) {
    if ((e as { code?: string }).code !== 'unauthorized') throw e;
    forgetPlayer();
    return take();
  }
}
