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
export interface ReplaySetup {
  players: number; seed: number | string; names: string[]; locations?: string[] | 'choose';
  /** A lesson's prepared deal (shared/lessons.ts): the hero deck, hands and decks it starts from. */
  heroes?: string[]; hands?: string[][]; decks?: (string[] | null)[]; first?: number;
}

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

/** `POST /api/players` (201): a new player and its secret token (sent as `Authorization: Bearer <token>`). */
export interface PlayerCreated { id: string; token: string; name: string }

/** `409 name-taken` from `POST /api/players`: the error, and a name like it nobody has. */
export interface NameTaken { error: { code: 'name-taken'; message: string; suggestion: string } }

/** One table size's Glicko-2 rating and deviation; provisional for its first 10 rated games. */
export interface Rating { rating: number; rd: number; games: number; provisional: boolean }

/** `GET /api/me/export`: everything kept about the player, as a file to keep. */
export interface PlayerExport {
  exportedAt: string;
  player: { id: string; name: string; createdAt: string };
  ratings: { size: number; rating: number; rd: number; vol: number; games: number }[];
  matches: { id: string; at: string; place: number; players: MatchPlayer[]; rating?: number; ratingChange?: number }[];
  /** Names given up that stay this player's until `until`. */
  heldNames: { name: string; until: string }[];
}

/** `GET /api/leaderboard?size=2|3|4`: the table size's rated players, best first (top 100). */
export interface Leaderboard { size: number; players: LeaderboardRow[] }
export interface LeaderboardRow { id: string; name: string; rating: number; rd: number; games: number; provisional: boolean }

/** A seat of a finished match as a profile lists it: its name, its place (1 won), and the player's id
 * if an identified player held it ("a former player" and no id once they deleted themselves). */
export interface MatchPlayer { name: string; place: number; player?: string }

/** A finished match in a player's list: every seat in order, the player's own place, when it ended (ms),
 * and for a rated match the rating it left them with and how far it moved. */
export interface PlayerMatch { id: string; players: MatchPlayer[]; place: number; at: number; rating?: number; ratingChange?: number }

/** `GET /api/me` and `GET /api/players/:id`: the player, their ratings per table size, and a page of
 * their finished matches newest first; `next` asks for the page after it (`?before=<next>`), null at the end. */
export interface PlayerProfile {
  id: string; name: string;
  ratings: Record<'2' | '3' | '4', Rating>;
  matches: PlayerMatch[];
  next: string | null;
}
