// The View of PROTOCOL.md: the engine's view plus what only the server knows
// (who holds each seat, who is connected, the clock), and the lobby summaries.
import type { ChatLine } from './chat';
import type { LogEntry, PlayerView, View as EngineView } from '../engine';
import type { Emote } from './emotes';
import type { ErrorCode } from './errors';
import type { PatchOp } from './patch';
import type { BotLevel } from './levels';

export type SeatKind = 'human' | 'bot' | 'open';
export type MatchStatus = 'waiting' | 'playing' | 'over';

export interface ProtocolPlayerView extends PlayerView {
  kind: SeatKind;
  connected: boolean;
  /** Extra: the bot level playing for this person right now (clock ran out, or they left), else null. */
  standIn: BotLevel | null;
  /** Extra: moves a stand-in made for this person since they last acted themselves (0 when none),
   * so a player coming back learns a bot played for them. */
  botMoves: number;
  /** Extra: the other seated players may now let a bot play for this person (no clock, their
   * decision has waited the match's idle time): send `{ "type": "stand-in", "seat": n }`. */
  canStandIn: boolean;
  /** Extra: in a rated match, this seat's player's rating for the table size (rounded), `?` while
   * provisional; once the match is over and rated, how far the result moved it. */
  rating?: SeatRating;
}

export interface SeatRating { rating: number; provisional: boolean; change?: number }

export interface Clock { seat: number; deadline: string }

export interface View extends Omit<EngineView, 'players'> {
  players: ProtocolPlayerView[];
  clock: Clock | null;
  /** Extra: where the match is in its life. */
  status: MatchStatus;
  /** Extra: once a player asked for a rematch, its match id (everyone at the table may join it). */
  rematch?: string;
  /** Extra: true when the match's creator chose its seed, so knows the deal (absent otherwise). */
  seeded?: boolean;
  /** Extra: true when the result moves the ratings of the people at the table. */
  rated?: boolean;
  /** Extra: the guided first match's lesson id (its prepared deal); the client coaches the learner. */
  lesson?: string;
}

export interface SeatSummary { seat: number; name: string; kind: SeatKind; connected: boolean }

/**
 * What the people at a table live by, as the match holds them (after the floors of a table with
 * two or more people): shown before anyone joins, so nobody sits down to rules they did not see.
 */
export interface TableRules {
  /** Seconds per decision, or null: no clock. */
  clock: number | null;
  /** Without a clock: how long a decision waits before the others may hand its seat to a stand-in (null: never, with a clock). */
  idleMs: number | null;
  /** How long a person may have no socket open before a stand-in plays for them. */
  awayMs: number;
  /** The stand-in's level. */
  takeover: BotLevel;
  /** How long a bot or stand-in waits before each decision. */
  botDelayMs: number;
}

export interface MatchSummary {
  id: string;
  players: number;
  status: MatchStatus;
  seats: SeatSummary[];
  spectators: number;
  /** Extra: as the View's `seeded`. */
  seeded?: boolean;
  /** Extra: the table's rules (clock, graces, stand-in, bot pace). */
  rules: TableRules;
}

/** One player of a live match, as the public list shows them. */
export interface LivePlayer { seat: number; name: string; bot: boolean; level: BotLevel | null; vp: number }

/** A public watchable match in play, as `GET /api/matches` lists it under `live` (what a spectator sees, no more). */
export interface LiveSummary {
  id: string;
  players: LivePlayer[];
  turn: number;
  /** Distinct addresses watching (many tabs of one address are one). */
  spectators: number;
  /** When the match last changed (a move, a seat, its spectators), ISO 8601. */
  changed: string;
}

/** Server → client. */
export type ServerMessage =
  /** Extra on both: `spectators`, how many were watching when the message went out. Beside the view, not
   * in it: it is nobody's game state, and patches stay exact. */
  | { type: 'state'; view: View; spectators?: number }
  /** Extra, opt-in (`?patch=1`): the changes to the last view this connection got; `version` is the new view's. */
  | { type: 'patch'; version: number; ops: PatchOp[]; spectators?: number }
  | { type: 'error'; code: ErrorCode; message: string }
  /** Extra, opt-in (`?emotes=1`): a seated player's reaction, or a spectator's (`seat: null`). */
  | { type: 'emote'; seat: number | null; emote: Emote }
  /** Extra, opt-in (`?watchers=1`): how many spectators watch, and the names those who gave one gave. */
  | { type: 'watchers'; count: number; names: string[] }
  /** Extra, opt-in (`?chat=1`, private matches): the table's chat so far on connect, then each new line. */
  | { type: 'chat'; lines: ChatLine[] }
  /** Extra: the answer to a `log` message: the log's entries before the asked seq, oldest first. */
  | { type: 'log'; entries: LogEntry[] }
  | { type: 'pong' };
