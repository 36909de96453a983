// The join page's name: one the table does not hold to start with, and the server's free one should
// the table hold it after all (taken meanwhile, or reading the same in a way this page cannot tell).
import { freeName } from '../../shared/protocol/free-name';
import { cleanName } from '../../shared/protocol/names';
import type { SeatSummary } from '../../shared/protocol/view';
import { ApiError } from './net';
import { get, loadPlayer } from './store';
import { takeSeat } from './take-seat';

/** Names compared roughly (width, case, spaces): the server's comparison (nameKey) is too big to ship, and decides anyway. */
const rough = (n: string): string => cleanName(n).normalize('NFKC').replace(/\s+/gu, ' ').toUpperCase().toLowerCase();

/** The name a join form starts with: this browser's player's, else the one remembered, else "Player"; numbered past the table's names ("Ann 2"). */
export function prefilledName(seats: SeatSummary[]): string {
  const held = new Set(seats.filter((s) => s.kind !== 'open').map((s) => rough(s.name)));
  return freeName(loadPlayer()?.name || get('dm.name') || 'Player', (n) => held.has(rough(n)));
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
