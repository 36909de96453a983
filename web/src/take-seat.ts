// Taking a seat: the name as the server will keep it, and the join whose token this browser keeps.
import { cleanName, freeName, nameProblem } from '../../shared/protocol/names';
import type { SeatSummary } from '../../shared/protocol/view';
import { ApiError, joinMatch } from './net';
import { seatEpoch, toast } from './state';
import { loadName, rememberedName, saveName, saveSeat } from './store';

/** The typed name as the server will keep it (invisible characters dropped), remembered; null, said in a toast, when it cannot be used. */
export function usableName(typed: string): string | null {
  const n = cleanName(typed);
  if (nameProblem(n)) {
    toast('A name has 1 to 24 characters, at least one of them visible.');
    return null;
  }
  saveName(n);
  return n;
}

/**
 * Take a seat with the stored name (`seat` if it is open, else any); false when no seat is open.
 * `rematchToken`: this browser's token of the match before, which claims the seat held for it.
 */
export async function takeSeat(id: string, name = loadName(), seat?: number, rematchToken?: string): Promise<boolean> {
  try {
    const s = await joinMatch(id, { name, ...(seat === undefined ? {} : { seat }), ...(rematchToken ? { rematchToken } : {}) });
    saveSeat(id, s);
    seatEpoch.value++;
    return true;
  } catch (e) {
    if (e instanceof ApiError && e.code === 'full') return seat !== undefined && takeSeat(id, name, undefined, rematchToken);
    throw e;
  }
}

/** Names compared roughly (width, case, spaces): the server's comparison (nameKey) is too big to ship, and decides anyway. */
const rough = (n: string): string => cleanName(n).normalize('NFKC').replace(/\s+/gu, ' ').toUpperCase().toLowerCase();

/** The name a join form starts with: the one remembered, or "Player", numbered past the table's names ("Ann 2"). */
export function prefilledName(seats: SeatSummary[]): string {
  const held = new Set(seats.filter((s) => s.kind !== 'open').map((s) => rough(s.name)));
  return freeName(rememberedName() ?? 'Player', (n) => held.has(rough(n)));
}

/**
 * Take a seat as `name`; should the table hold a name that reads the same (someone joined meanwhile,
 * or reads it so where this page could not tell), once more as the free name the server offers.
 * Resolves to the name seated under (null: no seat open); a second refusal is thrown.
 */
export async function takeSeatAs(id: string, name: string): Promise<string | null> {
  try {
    return (await takeSeat(id, name)) ? name : null;
  } catch (e) {
    if (!(e instanceof ApiError) || e.code !== 'name-taken' || !e.suggestion) throw e;
    return (await takeSeat(id, e.suggestion)) ? e.suggestion : null;
  }
}
