// Hibernation-safe socket bookkeeping: who a socket is lives in its tags and
// its attachment (both survive eviction), never in object memory.
import type { ServerMessage } from '../shared/protocol';

export const SPECTATOR = 'spectator';
export const seatTag = (seat: number): string => `seat:${seat}`;

export interface Attachment { seat: number | null }

export const seatOf = (ws: WebSocket): number | null => (ws.deserializeAttachment() as Attachment | null)?.seat ?? null;

const OPEN = 1;
export const isOpen = (ws: WebSocket): boolean => ws.readyState === OPEN;

/** Seats with at least one open socket. */
export function connectedSeats(ctx: DurableObjectState, players: number): boolean[] {
  return Array.from({ length: players }, (_, s) => ctx.getWebSockets(seatTag(s)).some(isOpen));
}

export const spectatorCount = (ctx: DurableObjectState): number => ctx.getWebSockets(SPECTATOR).filter(isOpen).length;

export function send(ws: WebSocket, msg: ServerMessage | string): void {
  try {
    ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  } catch {
    // The peer is gone; its close event will tidy up.
  }
}

/** Close codes a server may not send (reserved for "no status", "abnormal", "TLS"). */
export const closeCode = (code: number): number => (code === 1005 || code === 1006 || code === 1015 ? 1000 : code);
