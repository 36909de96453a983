// Taking a seat: the name as the server will keep it, and the join whose token this browser keeps.
import { cleanName, nameProblem } from '../../shared/protocol/names';
import { joinMatch } from './calls';
import { ApiError } from './net';
import { seatEpoch, toast } from './state';
import { loadName, saveName, saveSeat } from './store';

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
