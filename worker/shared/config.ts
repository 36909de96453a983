// What a match is made of, as every part that makes, lists or plays matches sees it: its config,
// its seats, who is away, the alarm's job. The match object stores them (match/storage.ts); the
// lobby, the queue and the house make and list matches from them.
import type { BotLevel, SeatKind } from '../../shared/protocol';
import type { LessonId } from '../../shared/lesson-ids';

export interface MatchConfig {
  id: string;
  players: number;
  bots: Record<string, BotLevel>;
  locations?: string[] | 'choose';
  clock: number | null;
  /** 64 hex digits (a ChaCha20 key); an integer in matches made before (mulberry32). */
  seed: number | string;
  /** The creator chose the seed (private matches only); absent in older matches: false. */
  seeded?: boolean;
  public: boolean;
  /** A public match is listed as watchable while in play (lobby/publisher.ts); absent in older matches: true. */
  watch?: boolean;
  botDelayMs: number;
  /** Stand-in level and grace period; absent in matches made before they existed. */
  takeover?: BotLevel;
  awayMs?: number;
  /** Without a clock: how long a decision waits before the others may hand its seat to a stand-in
   * (idle.ts; absent in older matches: the default, 5 minutes). */
  idleMs?: number;
  createdAt: number;
  /** Its bots move only while someone watches (match/table/clock.ts paused): /tv's house match, and any match of bots alone. */
  watched?: boolean;
  /** Its result moves the ratings of its people, when every seat is an identified player at the end
   * (a quick match, or a private one whose creator asked): players/ratings.ts. */
  rated?: boolean;
  /** The guided first match: the lesson whose prepared deal it is dealt from (shared/lessons.ts). */
  lesson?: LessonId;
  /** A private match people will join: the id of the Quota object it counts against until it starts (caps.ts). */
  quota?: string;
}

/**
 * Who is away (meta 'presence', changed only through presence.ts): since when a person has had
 * no socket (from their join until they first connect, too), and which seats a stand-in bot is
 * playing (gone past the grace period, or handed over by the others when idle).
 */
export interface Presence {
  leftAt: Record<string, number>;
  standIn: number[];
  /** Per seat, moves a stand-in made since its person last acted (absent: none; older matches lack it). */
  botMoves?: Record<string, number>;
}

export interface SeatRow { seat: number; kind: SeatKind; name: string; level: BotLevel | null; tokenHash: string | null }

/** How early by Date.now() an alarm may run and still count as on time (the clock is frozen during an event). */
export const ALARM_SLACK_MS = 25;

/** What the alarm must do next, and for which state version (so a repeated delivery is a no-op). */
export interface Due {
  version: number;
  seat: number;
  /** `idle`: nothing to play, only to tell the table the idle seat may now be handed to a stand-in.
   * `stalled`: no other job, and no move for STALLED_MATCH_DAYS: stand-ins finish it (retention.ts). */
  kind: 'bot' | 'clock' | 'away' | 'idle' | 'stalled';
  at: number;
  /** With a clock, when the deciding person's time runs out (shown in views), whatever the job. */
  deadline?: number;
}

/** A person the queue seats in a new match: its token is made and kept by the queue, the match stores only the hash. */
export interface Seated { seat: number; name: string; tokenHash: string; player?: string }

/** Which identified player (worker/players/) holds each seat, by seat (meta 'players'); seats absent: anonymous or bots. */
export type SeatPlayers = Record<string, string>;

/** A player's rating before any rated game, at any table size (players/ratings.ts; the queue groups by it). */
export const START_RATING = 1500;
