// The HTTP contract of PROTOCOL.md, once: the bot levels, what a create body
// defaults to, and what each route answers. The worker answers with these, the
// web client, bench, scripts and tests read them. No valibot here (schemas.ts
// holds the bodies' schemas): the web client bundles this file.
import type { Action } from '../engine';
import { type BotLevel } from './levels';
import type { LiveSummary, MatchSummary, View } from './view';

export { BOT_LEVELS, type BotLevel } from './levels';

/** What `POST /api/matches` takes for each option left out (schemas.ts applies them). */
export const CREATE_DEFAULTS = {
  clock: null,
  public: false,
  /** A public match is listed as watchable once it starts (`live`); false lists it for players only. */
  watch: true,
  botDelayMs: 800,
  /** The stand-in's level (clock ran out, away, or handed over when idle). */
  takeover: 'greedy',
  /** How long a person may have no socket before the stand-in plays for them. */
  awayMs: 30_000,
  /** Without a clock: how long a decision waits before the others may hand its seat to a stand-in. */
  idleMs: 300_000,
} as const satisfies { clock: null; public: boolean; watch: boolean; botDelayMs: number; takeover: BotLevel; awayMs: number; idleMs: number };

/**
 * The least a table with two or more people lives by, whatever its creator asked (SECURITY.md, "A
 * seat is its person's"): nobody may hand a person's seat to a stand-in before their decision
 * has waited `idleMs`, and no stand-in plays for a person until `awayMs` after their last socket
 * went. A public match takes CREATE_DEFAULTS for these and for the bots' pace and the stand-in.
 */
export const PEOPLE_FLOORS = { idleMs: 60_000, awayMs: 15_000 } as const;

/** `POST /api/matches` (201) and `POST /api/matches/:id/rematch` (200): the match and its page. */
export interface MatchCreated { id: string; url: string }

/** `POST /api/matches/:id/join`: the seat taken and its secret token (for the socket's `?token=`). */
export interface Joined { seat: number; token: string }

/** `GET /api/matches`: the public matches waiting for players, and the public watchable ones in play
 * (newest change first). `GET /api/matches/:id` answers one MatchSummary. */
export interface MatchList { matches: MatchSummary[]; live: LiveSummary[] }

/** What the lobby's socket (GET /api/lobby/ws) sends: the whole list on connect and after each change. */
export type LobbyMessage =
  | ({ type: 'list' } & MatchList)
  | { type: 'pong' };

/** `GET /api/matches/:id/lookup`: always 200, so a browser asking about a link logs no error. */
export type Lookup = { found: true; match: MatchSummary } | { found: false };

/** How the match was dealt: `createGame` given this deals it again. */
export interface ReplaySetup { players: number; seed: number | string; names: string[]; locations?: string[] | 'choose' }

/** `GET /api/matches/:id/replay`, once the match is over. */
export interface Replay {
  setup: ReplaySetup;
  /** Every action in order; a stand-in's carry `standIn: true`. */
  actions: Action[];
  /** Extra: the spectator's view after the setup and after each action, so a client can step
   * through the match without knowing the rules. */
  views: View[];
}

/** `GET /api/health`. */
export interface Health { ok: true }

/** `POST /api/quick`: seated at a quick match (create and join in one answer). */
export interface QuickSeated extends MatchCreated, Joined {}

/** `GET /api/quick`: how many wait now for each size of table (the first queue shard's count). */
export interface QuickWaiting { waiting: Record<'2' | '3' | '4', number> }

/** The quick-match socket (`GET /api/quick/ws`), server to client: who has come and how long is
 * left, on every arrival and departure; then the seat, after which the server closes the socket. */
export type QueueMessage =
  | { type: 'queue'; players: number; names: string[]; leftMs: number }
  | ({ type: 'seated' } & QuickSeated);
