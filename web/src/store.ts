// What the browser remembers between visits: the player it is (id, token, name: player.ts), the
// name it plays under, the lobby choices, and one seat token per match (so a reload resumes the seat).
import type { PlayerCreated } from '../../shared/protocol/http';
/** `at`: when the seat was taken (ms), to list a player's matches newest first. */
export interface SeatToken { seat: number; token: string; at?: number }

export const get = (key: string): string | null => {
  try { return localStorage.getItem(key); } catch { return null; }
};
export const set = (key: string, value: string | null): void => {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch { /* private mode: remember nothing */ }
};

export const savePlayer = (p: PlayerCreated | null): void => set('dm.player', p && JSON.stringify(p));

export function loadPlayer(): PlayerCreated | null {
  try { return JSON.parse(get('dm.player')!) as PlayerCreated | null; } catch { return null; }
}

export const loadName = (): string => get('dm.name') || 'Player';
/** Whether a play waits for a confirm: as set here before, else on for touch screens (a misplaced tap is easy there). */
export const loadConfirmPlays = (): boolean => {
  const v = get('dm.confirm');
  return v === null ? matchMedia('(pointer: coarse)').matches : v === '1';
};
export const saveConfirmPlays = (on: boolean): void => set('dm.confirm', on ? '1' : '0');
export const saveName = (name: string): void => set('dm.name', name);

export function loadSeat(match: string): SeatToken | null {
  try { return JSON.parse(get(`dm.seat.${match}`) ?? 'null') as SeatToken | null; } catch { return null; }
}
export const saveSeat = (match: string, s: SeatToken | null): void =>
  set(`dm.seat.${match}`, s && JSON.stringify({ at: Date.now(), ...s }));

/** What follows `prefix` in every key stored under it (none without storage). */
export function keysUnder(prefix: string): string[] {
  const out: string[] = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(prefix)) out.push(key.slice(prefix.length));
    }
  } catch { /* no storage: no keys */ }
  return out;
}

/** Matches this browser holds a seat in, newest first. */
export function seatedMatches(): { id: string; seat: SeatToken }[] {
  return keysUnder('dm.seat.').flatMap((id) => {
    const seat = loadSeat(id);
    return seat ? [{ id, seat }] : [];
  }).sort((a, b) => (b.seat.at ?? 0) - (a.seat.at ?? 0));
}

export function loadPrefs<T extends object>(fallback: T): T {
  try { return { ...fallback, ...(JSON.parse(get('dm.prefs') ?? '{}') as Partial<T>) }; } catch { return fallback; }
}
export const savePrefs = (p: object): void => set('dm.prefs', JSON.stringify(p));

/** The guided first match was finished (or skipped): the landing page says so (board/coach.tsx). */
export const LEARNED = 'dm.learned';
