// Hibernation-safe socket bookkeeping: who a socket is lives in its tags and
// its attachment (both survive eviction), never in object memory.
import type { ServerMessage } from '../../shared/protocol';

/** A request's `Upgrade` header asks for a WebSocket (its value is case-insensitive). */
export const isUpgrade = (h: string | null | undefined): boolean => h?.toLowerCase() === 'websocket';

export const SPECTATOR = 'spectator';
export const seatTag = (seat: number): string => `seat:${seat}`;

/**
 * `patch`: the socket opted in to patch messages (`?patch=1`); `since`: the
 * serial of the last sent view it is known to hold (worker/match/sockets/sent.ts), null
 * when its next view must be a full one; `emotes`: it opted in to reactions (`?emotes=1`).
 */
export interface Attachment {
  seat: number | null; patch?: boolean; since?: number | null; emotes?: boolean;
  /** Opted in to `watchers` messages (`?watchers=1`); a spectator's given name (watchers.ts). */
  watchers?: boolean; name?: string;
  /** Opted in to the table's chat (`?chat=1`; private matches: worker/match/sockets/chat.ts). */
  chat?: boolean;
}

// Deserializing an attachment costs a structured clone; a broadcast to hundreds of
// sockets reads each one. Memory keeps them while the object lives (setAttachment
// writes both); after hibernation they are read again from the runtime.
const attachments = new WeakMap<WebSocket, Attachment>();

export function attachmentOf(ws: WebSocket): Attachment {
  let a = attachments.get(ws);
  if (!a) {
    a = (ws.deserializeAttachment() as Attachment | null) ?? { seat: null };
    attachments.set(ws, a);
  }
  return a;
}

/**
 * What a socket opted in to by its URL: patches (`?patch=1`) and reactions (`?emotes=1`), who watches (`?watchers=1`), chat (`?chat=1`). A
 * client that did not ask keeps getting whole views and never meets a message type PROTOCOL.md lacks.
 */
export function optIns(url: URL): Omit<Attachment, 'seat'> {
  const emotes = url.searchParams.get('emotes') === '1';
  const watchers = url.searchParams.get('watchers') === '1';
  const chat = url.searchParams.get('chat') === '1';
  return { patch: url.searchParams.get('patch') === '1', since: null, ...(emotes ? { emotes } : {}), ...(watchers ? { watchers } : {}), ...(chat ? { chat } : {}) };
}

export function setAttachment(ws: WebSocket, a: Attachment): void {
  ws.serializeAttachment(a);
  attachments.set(ws, a);
}

export const seatOf = (ws: WebSocket): number | null => attachmentOf(ws).seat ?? null;

const OPEN = 1;
export const isOpen = (ws: WebSocket): boolean => ws.readyState === OPEN;

/**
 * The open sockets, read once, and who they are: the one definition of a spectator (an open socket
 * of no seat; a refused socket is closed by the time anything is told) and of a seat being here. A
 * broadcast needs all three at once; asking the runtime for each apart (by tag, with a state read
 * per socket) cost over a quarter of what the sends did with a crowd watching.
 */
export interface Census { open: { ws: WebSocket; att: Attachment }[]; spectators: number; connected: boolean[] }

export function census(ctx: DurableObjectState, players: number): Census {
  const open: Census['open'] = [];
  const connected: boolean[] = Array.from({ length: players }, () => false);
  let spectators = 0;
  for (const ws of ctx.getWebSockets()) {
    if (!isOpen(ws)) continue;
    const att = attachmentOf(ws);
    open.push({ ws, att });
    if (att.seat == null) spectators++;
    else if (att.seat < players) connected[att.seat] = true;
  }
  return { open, spectators, connected };
}

/** Seats with at least one open socket. */
export const connectedSeats = (ctx: DurableObjectState, players: number): boolean[] => census(ctx, players).connected;

export const spectatorCount = (ctx: DurableObjectState): number => census(ctx, 0).spectators;

/** The same text to every open socket whose attachment passes `want` (a message only some opted in to). */
export function sendWhere(ctx: DurableObjectState, text: string, want: (a: Attachment) => boolean): void {
  for (const { ws, att } of census(ctx, 0).open) if (want(att)) send(ws, text);
}

export function send(ws: WebSocket, msg: ServerMessage | string): void {
  try {
    ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  } catch {
    // The peer is gone; its close event will tidy up.
  }
}

/** The tag of a socket refused right after its upgrade: no seat, no spectator, counted nowhere. */
const REFUSED = 'refused';

/**
 * A socket refused right after its upgrade (so a browser can read why: it cannot read an HTTP
 * status): it hears one error and is closed. Taken with the Hibernation API, not accept(): an
 * accept()ed socket's connection is pumped by its request, and once the closing handshake is done
 * workerd drops the accepted end while that pump still reads, so the request ends in an uncaught
 * "Network connection lost", whatever the client. A hibernatable socket's pump is the runtime's.
 * The cost: after a close the server starts, workerd keeps the connection until the object rests
 * (about 10 s) or the client drops it (browsers do 2 s after the close).
 */
export function refusedSocket(ctx: DurableObjectState, msg: ServerMessage, code: number, reason: string): Response {
  const pair = new WebSocketPair();
  ctx.acceptWebSocket(pair[1], [REFUSED]);
  send(pair[1], msg);
  try {
    pair[1].close(code, reason);
  } catch {
    // The peer is gone already.
  }
  return new Response(null, { status: 101, webSocket: pair[0] });
}

/** A socket refusedSocket closed: its close event changes nothing. */
export const wasRefused = (ctx: DurableObjectState, ws: WebSocket): boolean => ctx.getTags(ws).includes(REFUSED);

/** Close codes a server may not send (reserved for "no status", "abnormal", "TLS"). */
export const closeCode = (code: number): number => (code === 1005 || code === 1006 || code === 1015 ? 1000 : code);
