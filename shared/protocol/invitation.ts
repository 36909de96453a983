// What an invitation says beyond who sits where (table-words.ts): about how long the match lasts,
// the game in two lines, and a link's title and description for a chat app's preview. Words and
// measured figures only, no rules: the join page (its own chunk) and the Worker use them.
import { tableTitle, type Seat } from './table-words';
import type { MatchSummary, TableRules } from './view';

/** Who invites: the first person seated (a match's creator takes its first seat), or null at a table of bots and open seats. */
export const hostOf = (seats: readonly Seat[]): string | null => seats.find((s) => s.kind === 'human')?.name ?? null;

/**
 * Decisions in a whole game by table size: greedy bots' games, 200 a size (2026-12-06); a turn is
 * about 1.4 decisions. What one takes: a bot its table's pace, a person about 15 s (their clock, if shorter).
 */
const DECISIONS: Record<number, number> = { 2: 32, 3: 39, 4: 48 };
const PERSON_S = 15;

/** About how long a match lasts, in minutes, rounded to 5 (at least 5). */
export function aboutMinutes(seats: readonly Seat[], rules: TableRules | undefined): number {
  const players = seats.length;
  const bots = seats.filter((s) => s.kind === 'bot').length;
  const each = (DECISIONS[players] ?? 16 * players) / players;
  const person = Math.min(PERSON_S, rules?.clock ?? PERSON_S);
  const bot = (rules?.botDelayMs ?? 800) / 1000;
  const s = each * ((players - bots) * person + bots * bot);
  return Math.max(5, Math.round(s / 300) * 5);
}

/** The game in two lines, as an invitation says it. */
export const GAME_LINES = [
  'Retreat to Darkmoor: every player is a dark lord leading beaten minions home, in lines called hordes.',
  'Grow a horde and a hero falls on it; the rest escape to a haven and score. Most VP wins.',
] as const;

const SITE = 'Darkmoor Online';
const openSeats = (s: Pick<MatchSummary, 'seats'>) => s.seats.filter((x) => x.kind === 'open').length;
/** Whether a person may sit down at it now: the link is an invitation. */
export const inviting = (s: Pick<MatchSummary, 'seats' | 'status'>) => s.status === 'waiting' && openSeats(s) > 0;

/** A match link's title: who invites while a seat is open, else who plays. */
export function linkTitle(s: Pick<MatchSummary, 'seats' | 'status'>): string {
  const host = hostOf(s.seats);
  return inviting(s) && host ? `${host} invites you to ${SITE}` : `${tableTitle(s.seats)} · ${SITE}`;
}

/** A match link's description, for a chat app's preview. */
export function linkDescription(s: Pick<MatchSummary, 'seats' | 'status' | 'rules'>): string {
  const game = `Retreat to Darkmoor, a card game for ${s.seats.length} players`;
  if (inviting(s)) return `${tableTitle(s.seats)}. ${game}: about ${aboutMinutes(s.seats, s.rules)} minutes. Open the link to take a seat.`;
  if (s.status === 'playing') return `${tableTitle(s.seats)}, playing ${game}. Open the link to watch.`;
  return `${tableTitle(s.seats)} played ${game}. Open the link for the final board and the replay.`;
}
