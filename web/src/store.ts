// What the browser remembers between visits: the player's name, the lobby
// choices, and one seat token per match (so a reload resumes the seat).
export interface SeatToken { seat: number; token: string }

const get = (key: string): string | null => {
  try { return localStorage.getItem(key); } catch { return null; }
};
const set = (key: string, value: string | null): void => {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch { /* private mode: remember nothing */ }
};

export const loadName = (): string => get('dm.name') || 'Player';
export const saveName = (name: string): void => set('dm.name', name);

export function loadSeat(match: string): SeatToken | null {
  try { return JSON.parse(get(`dm.seat.${match}`) ?? 'null') as SeatToken | null; } catch { return null; }
}
export const saveSeat = (match: string, s: SeatToken | null): void =>
  set(`dm.seat.${match}`, s && JSON.stringify(s));

export function loadPrefs<T extends object>(fallback: T): T {
  try { return { ...fallback, ...(JSON.parse(get('dm.prefs') ?? '{}') as Partial<T>) }; } catch { return fallback; }
}
export const savePrefs = (p: object): void => set('dm.prefs', JSON.stringify(p));
