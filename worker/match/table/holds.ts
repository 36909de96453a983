// Rematch seats held for their players. A rematch is announced to everyone at
// the finished table, spectators too, so its id is no secret: for a while each
// person's seat is kept for the person who had it, who claims it with their
// seat token of the finished match. Only that token's SHA-256 hash (the old
// match's stored tokenHash) is kept, never a token. Bots keep their seats anyway.
import type { Refusal } from '../../../shared/protocol';
import type { SeatRow } from '../../shared/config';

export interface Hold { seat: number; tokenHash: string; name: string }
/** Stored as the rematch's meta 'holds'; `until`: when unclaimed seats open to everyone. */
export interface Holds { until: number; seats: Hold[] }

/** The finished match's people, each holding their seat of the rematch until `until`. */
export function holdsFor(seats: SeatRow[], until: number): Holds | null {
  const held = seats.flatMap((s) => (s.kind === 'human' && s.tokenHash ? [{ seat: s.seat, tokenHash: s.tokenHash, name: s.name }] : []));
  return held.length ? { until, seats: held } : null;
}

/**
 * What a join may take: `seats`, the open seats it may sit in (the claimed seat alone when it
 * claims one), and `reserved`, the names of the people whose seats are still held (another
 * person may not take their name before they are back). `claim`: the hash of the old seat token
 * sent, if any.
 */
export interface Entry { seats: number[]; claimed: boolean; reserved: string[]; held: number[]; until: number }

export function entry(holds: Holds | null, open: number[], claim: string | null, now: number): Entry | Refusal {
  const mine = claim === null ? undefined : holds?.seats.find((h) => h.tokenHash === claim);
  if (claim !== null && !mine) {
    return { code: 'bad-token', message: 'That token held no seat of the match this one is the rematch of.' };
  }
  const live = holds && now < holds.until ? holds.seats.filter((h) => open.includes(h.seat)) : [];
  // A token whose seat is no longer open (taken by its own claim, or by anyone once the hold is over) claims nothing.
  if (mine && open.includes(mine.seat)) {
    return { seats: [mine.seat], claimed: true, reserved: live.filter((h) => h !== mine).map((h) => h.name), held: [], until: holds!.until };
  }
  const held = live.map((h) => h.seat);
  return { seats: open.filter((s) => !held.includes(s)), claimed: false, reserved: live.map((h) => h.name), held, until: holds?.until ?? 0 };
}

/** Why `wanted` (or any seat) is not to be had, when holds are the reason; null otherwise. */
export function heldRefusal(e: Entry, wanted: number | undefined, now: number): Refusal | null {
  const left = `for another ${Math.max(1, Math.ceil((e.until - now) / 1000))} s`;
  if (wanted !== undefined && e.held.includes(wanted)) {
    return { code: 'full', message: `Seat ${wanted} is held for its player from the last match ${left}.` };
  }
  if (!e.seats.length && e.held.length) {
    return { code: 'full', message: `Every open seat is held for a player from the last match ${left}; you can watch.` };
  }
  return null;
}
