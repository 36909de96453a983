// Handing an idle person's seat to a stand-in. In a match without a clock nothing else moves a
// person who sits on a decision with their tab open, so once the decision has waited `idleMs`
// (default 5 minutes) any other seated person may let a bot play for them. The seat's person
// takes it back as from any stand-in: by acting, or by connecting again ("Take my seat back").
import type { GameState } from '../../../shared/engine';
import { CREATE_DEFAULTS, type Refusal } from '../../../shared/protocol';
import { ALARM_SLACK_MS, type MatchConfig, type Presence, type SeatRow } from '../../shared/config';

/** When the pending decision (of state `version`) became its seat's: its idle time runs from then. */
export interface Since { version: number; at: number }


export const idleMsOf = (config: MatchConfig): number => config.idleMs ?? CREATE_DEFAULTS.idleMs;

/**
 * When the others may hand the deciding seat to a stand-in, or null if they never may for this
 * decision: a match with a clock (the clock moves it), a bot's seat, a seat a stand-in plays
 * already, or no record of when the decision began (a match from before this existed).
 */
export function handOverAt(g: GameState | null, seats: SeatRow[], config: MatchConfig, presence: Presence, since: Since | null): number | null {
  const p = g?.pending;
  if (!g || g.over || !p || config.clock !== null) return null;
  if (seats[p.seat]?.kind !== 'human' || presence.standIn.includes(p.seat)) return null;
  if (!since || since.version !== g.version) return null;
  return since.at + idleMsOf(config);
}

// An alarm may run a few ms early by Date.now(); the hand-over opens with the same slack, so the
// view the idle alarm sends already offers it.
const open = (at: number | null, now: number): boolean => at !== null && now + ALARM_SLACK_MS >= at;

/** Per seat: may the other players hand it to a stand-in now (views' `players[].canStandIn`). */
export function standInOffers(g: GameState | null, seats: SeatRow[], config: MatchConfig, presence: Presence, since: Since | null, now: number): boolean[] {
  const at = handOverAt(g, seats, config, presence, since);
  return seats.map((s) => open(at, now) && g!.pending!.seat === s.seat);
}

const duration = (ms: number): string =>
  ms >= 60_000 && ms % 60_000 === 0 ? `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}` : `${Math.ceil(ms / 1000)} s`;

/** Why seat `by` (null: a spectator) may not hand `seat` to a stand-in now, or null if it may. */
export function handOverRefusal(
  g: GameState | null, seats: SeatRow[], config: MatchConfig, presence: Presence, since: Since | null,
  by: number | null, seat: number, now: number,
): Refusal | null {
  const no = (code: Refusal['code'], message: string): Refusal => ({ code, message });
  if (by === null) return no('spectator', 'Spectators watch; only a seated player may let a bot play for another.');
  if (seat === by) return no('bad-request', 'That is your own seat: make your move. Only the other players may hand a seat to a bot.');
  const row = seats[seat];
  if (row?.kind !== 'human') return no('bad-request', `Seat ${seat} is not a person's seat of this match.`);
  if (config.clock !== null) {
    return no('illegal', 'This match has a clock: when a player\'s time runs out, a bot makes that move for them.');
  }
  if (!g || g.over || !g.pending) return no('illegal', g?.over ? 'The match is over.' : 'The match has not started.');
  if (presence.standIn.includes(seat)) return no('illegal', `A bot already plays for ${row.name}.`);
  if (g.pending.seat !== seat) return no('illegal', `${row.name} is not deciding now.`);
  const at = handOverAt(g, seats, config, presence, since);
  if (!open(at, now)) {
    const left = at === null ? '' : ` (in ${duration(at - now)})`;
    return no('illegal', `A bot may play for ${row.name} once their decision has waited ${duration(idleMsOf(config))}${left}.`);
  }
  return null;
}

/**
 * When the alarm should wake to tell the table the hand-over opened (Infinity: no need). Only
 * while it is still ahead, and only if another person is connected to be told: one who connects
 * later gets a view that already offers it.
 */
export function idleWakeAt(g: GameState, seats: SeatRow[], config: MatchConfig, presence: Presence, since: Since | null, now: number): number {
  const at = handOverAt(g, seats, config, presence, since);
  if (at === null || open(at, now)) return Infinity;
  const seat = g.pending!.seat;
  const told = seats.some((s) => s.kind === 'human' && s.seat !== seat && presence.leftAt[s.seat] === undefined);
  return told ? at : Infinity;
}
