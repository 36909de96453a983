// Seat identity: an Okabe–Ito colour AND a shape (circle, triangle, square,
// diamond), so no one depends on colour alone.
import type { SeatKind, SeatSummary } from '../../shared/protocol/view';

const COLOURS = ['#56B4E9', '#E69F00', '#009E73', '#CC79A7'];
export const SHAPES = ['M7 1a6 6 0 1 1 0 12a6 6 0 1 1 0-12z', 'M7 .5 13.5 13H.5z', 'M1.5 1.5h11v11h-11z', 'M7 0 14 7 7 14 0 7z'];
export const SHAPE_NAMES = ['circle', 'triangle', 'square', 'diamond'];

export const seatColour = (seat: number): string => COLOURS[seat % 4]!;

/** The seat's marker: its shape, filled with its colour. */
export function Mark({ seat }: { seat: number }) {
  return (
    <svg class="mk" viewBox="0 0 14 14" role="img" aria-label={`seat ${seat + 1} (${SHAPE_NAMES[seat % 4]})`}>
      <path d={SHAPES[seat % 4]} fill={seatColour(seat)} stroke="#fff" stroke-width="0.8" />
    </svg>
  );
}

/** A bot's mark beside its name, from the seat's kind, never its name: a person may be called "Greedy bot 3". */
export const BotTag = ({ kind }: { kind: SeatKind }) => (kind === 'bot' ? <span class="tag bot">bot</span> : null);

/** A match's seats on one line (the lobby's lists): marker and name, "open" where no one sits; `you` in bold. */
export function SeatNames({ seats, you }: { seats: SeatSummary[]; you?: number }) {
  return <>{seats.map((s) => (
    <span key={s.seat} class="seatname"><Mark seat={s.seat} /> {s.kind === 'open' ? <i>open</i> : s.seat === you ? <b>{s.name} (you)</b> : s.name} <BotTag kind={s.kind} /></span>
  ))}</>;
}
