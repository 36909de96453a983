// A move a stand-in bot made for a person: the log says so on the decision's own lines, and the
// state counts it per seat, so a replay (the action log run again) shows the same.
import { say, who } from './ops';
import type { GameState, Seat } from './types';

/** The mark a stand-in's log lines carry: " (bot for Ana)". */
export const standInMark = (g: GameState, seat: Seat): string => ` (bot for ${who(g, seat)})`;

/** "Ana plays Wolf at Silent Fen." → "Ana plays Wolf at Silent Fen (bot for Ana)." */
const marked = (text: string, mark: string): string =>
  text.endsWith('.') ? `${text.slice(0, -1)}${mark}.` : `${text}${mark}`;

/**
 * Called once the decision itself has been carried out, before the turn machinery runs on: the
 * lines after `seq` are the decision's own (what the bot chose), not the peril check or attack
 * that follows. A decision that says nothing itself (declining a Griffin's move) gets a line.
 */
export function markStandIn(g: GameState, seat: Seat, seq: number): void {
  const mark = standInMark(g, seat);
  if (g.seq > seq) {
    // Log entries are shared between states, never changed: replace the decision's own.
    g.log = g.log.map((e) => (e.seq > seq ? { seq: e.seq, text: marked(e.text, mark) } : e));
  } else {
    say(g, `${who(g, seat)} decides${mark}.`);
  }
  const counts = g.standInMoves ?? new Array<number>(g.players).fill(0);
  g.standInMoves = counts.map((n, s) => (s === seat ? n + 1 : n));
}

/** A hinted decision: a line before the decision's own, and the seat's count. */
export function markHint(g: GameState, seat: Seat): void {
  say(g, `${who(g, seat)} used a hint.`);
  const counts = g.hints ?? new Array<number>(g.players).fill(0);
  g.hints = counts.map((n, s) => (s === seat ? n + 1 : n));
}
