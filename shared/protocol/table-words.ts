// A table in words, from its seats: the same on the page (its title and heading) and in the tags a
// chat app reads from a shared link (worker/edge/pages.ts). People are named, never the match id.
// What only the invitation says (how long, the game in two lines) is in invitation.ts.
import type { SeatKind } from './view';

/** A seat as these words need it: a summary's seat, or a view's player. */
export type Seat = { name: string; kind: SeatKind };

/** "Ann vs Bob", "Ann vs Greedy bot 2 and 1 open seat", "2 open seats". */
export function tableTitle(seats: readonly Seat[]): string {
  const names = seats.filter((s) => s.kind !== 'open').map((s) => s.name).join(' vs ');
  const open = seats.filter((s) => s.kind === 'open').length;
  const rest = `${open} open seat${open > 1 ? 's' : ''}`;
  return !open ? names : names ? `${names} and ${rest}` : rest;
}
