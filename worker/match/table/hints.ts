// Hints: in a match where every other seat is a bot, a person may ask the search bot what it
// would choose. The client works the hint out from its own view (it learns nothing new); the
// server only counts it, so everyone sees how many were used. A hint is for one decision: the
// state version it was asked at is stored (meta `hinted`, per seat) and the seat's action at that
// version is marked `hinted`, which the engine logs ("Ana used a hint.") and counts, so replays
// count it too. Until then the views add it to the engine's count.
import type { GameState } from '../../../shared/engine';
import type { Refusal } from '../../../shared/protocol';
import type { SeatRow } from '../../shared/config';

/** Per seat (as a string key), the state version of the decision it asked a hint for. */
export type Hinted = Record<string, number>;

/** Why `seat` may not have a hint now, or null. */
export function hintRefusal(g: GameState | null, seats: SeatRow[], seat: number): Refusal | null {
  const other = seats.find((s) => s.seat !== seat && s.kind !== 'bot');
  if (other) return { code: 'illegal', message: `Hints are only for a match against bots; ${other.kind === 'human' ? other.name : 'an open seat'} may be a person.` };
  if (!g) return { code: 'not-your-decision', message: 'The match has not started.' };
  if (g.over || g.pending?.seat !== seat) return { code: 'not-your-decision', message: 'A hint is for your own decision; there is none now.' };
  return null;
}

/** The seats' hint records with `seat` asking at the state's version; null if it already had (nothing to store). */
export function asked(h: Hinted, g: GameState, seat: number): Hinted | null {
  return h[seat] === g.version ? null : { ...h, [seat]: g.version };
}

/** Whether `seat`'s action on the state `g` carries a hint. */
export const isHinted = (h: Hinted, g: GameState | null, seat: number): boolean => !!g && h[seat] === g.version;

/** Per seat, the hints to show: the engine's count plus one asked for the decision still open. */
export function shownHints(h: Hinted, g: GameState | null, players: number): number[] {
  return Array.from({ length: players }, (_, s) => (g?.hints?.[s] ?? 0) + (isHinted(h, g, s) ? 1 : 0));
}
