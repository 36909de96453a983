// The client's whole state as signals: the view the server sent, the socket's
// state, the player's half-made choice, toasts and the card being inspected.
import { signal } from './signal';
import type { LogEntry, Move } from '../../shared/engine/types';
import type { ChatLine } from '../../shared/protocol/chat';
import type { Emote } from '../../shared/protocol/emotes';
import type { View } from '../../shared/protocol/view';
import { loadConfirmPlays } from './store';

export type Conn = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'offline';

/** The latest view of the open match (null before the first one arrives). */
export const view = signal<View | null>(null);
/** The open match's log entries before the first view's window, as the server sent them (a `log` answer). */
export const earlierLog = signal<LogEntry[]>([]);
/** The view the board shows now: the live one, or a replay's step (card details read it). */
export const shown = signal<View | null>(null);
/** Spectators of the open match, as the latest message from it said (null before one). */
export const watchers = signal<number | null>(null);
export const conn = signal<Conn>('idle');
/** The names spectators gave (a `watchers` message), null before one; and the name this spectator shows, if any. */
export const watcherNames = signal<string[] | null>(null);
export const watchAs = signal<string | null>(null);
/** A hand card picked for `play`, waiting for its location. */
export const picked = signal<string | null>(null);
/** Whether a play waits for a confirm (remembered; on by default on touch screens). */
export const confirmPlays = signal(loadConfirmPlays());
/** A play waiting for the player's confirm (board/confirm.tsx), with the view version it was picked in. */
export const confirming = signal<{ move: Move & { type: 'play' }; version: number } | null>(null);
/** The view version an action was sent from: no second action until the next view. */
export const sentAt = signal<number | null>(null);
/** The newest log entry when this client last acted: what came after it is news to the player. */
export const actedSeq = signal<number | null>(null);
/** The last location this client played to (where its Griffin's slots go). */
export const lastLocation = signal<string | null>(null);
/** The table's chat so far, by `seq` (null: this match has none, or it has not come yet: public matches never do). */
export const chatLines = signal<ChatLine[] | null>(null);
/** Seats on this match changed (token dropped): re-decide between seat, join and watch. */
export const seatEpoch = signal(0);

export interface Detail { kind: 'minion' | 'hero' | 'location'; id: string }
export const detail = signal<Detail | null>(null);

export interface Toast { id: number; text: string; ok: boolean }
export const toasts = signal<Toast[]>([]);
let toastId = 0;
/** Tell the player something: an error (the default) or, with ok, a plain confirmation. */
export function toast(text: string, ok = false): void {
  const t = { id: ++toastId, text, ok };
  toasts.value = [...toasts.value.slice(-2), t];
  setTimeout(() => { toasts.value = toasts.value.filter((x) => x !== t); }, 5000);
}

/** Each seat's latest reaction while it shows (a few seconds). */
export const reactions = signal<Record<number, { emote: Emote; id: number }>>({});
let reactionId = 0;
export function showReaction(seat: number, emote: Emote): void {
  const id = ++reactionId;
  reactions.value = { ...reactions.value, [seat]: { emote, id } };
  setTimeout(() => {
    if (reactions.value[seat]?.id !== id) return;
    const { [seat]: _gone, ...rest } = reactions.value;
    reactions.value = rest;
  }, 4000);
}

/** The spectators' latest reaction while it shows: one line for the whole crowd, apart from the seats. */
export const crowdReaction = signal<{ emote: Emote; id: number } | null>(null);
export function showCrowdReaction(emote: Emote): void {
  const r = { emote, id: ++reactionId };
  crowdReaction.value = r;
  setTimeout(() => { if (crowdReaction.value === r) crowdReaction.value = null; }, 4000);
}
