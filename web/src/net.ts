// Talking to the server: lobby calls over fetch (bodies typed by the shared
// valibot schemas, answers by shared/protocol/http.ts) and the match socket, a partysocket ReconnectingWebSocket
// that carries the seat token and comes back by itself after a network loss.
import ReconnectingWebSocket from 'partysocket/ws';
import type { InferInput } from 'valibot';
import type { Move } from '../../shared/engine/types';
import { applyPatch } from '../../shared/protocol/patch';
import type { Emote } from '../../shared/protocol/emotes';
import type { ErrorBody } from '../../shared/protocol/errors';
import type { Lookup, MatchCreated, Replay } from '../../shared/protocol/http';
import type { RematchBody } from '../../shared/protocol/schemas';
import type { MatchSummary, ServerMessage, View } from '../../shared/protocol/view';
import { side } from './cards';
import { Adopting } from './early';
import { saveSeat } from './store';
import { actedSeq, chatLines, confirming, confirmPlays, conn, earlierLog, watchAs, watcherNames, crowdReaction, lastLocation, picked, reactions, seatEpoch, sentAt, showCrowdReaction, showReaction, toast, view, watchers } from './state';

/** `suggestion`: with a join's `name-taken`, a name the table does not hold (PROTOCOL.md, Errors). */
export class ApiError extends Error {
  constructor(readonly code: string, message: string, readonly suggestion?: string) { super(message); }
}

/** One lobby call; a failure is thrown as ApiError, with the server's code and words. */
export async function api<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, body === undefined ? { method } : {
      method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError('offline', 'Cannot reach the server. Check your connection.');
  }
  const json = await res.json().catch(() => null) as Partial<ErrorBody> | null;
  if (!res.ok) throw new ApiError(json?.error?.code ?? 'http', json?.error?.message ?? `The server answered ${res.status}.`, json?.error?.suggestion);
  return json as T;
}

export type { Replay };

/** The summary by the lookup route, which answers 200 for an unknown match too (a 404 would be a
 * console error in the browser): not found is thrown as ApiError 'not-found', as the summary route says it. */
const lookup = (id: string) => api<Lookup>('GET', `/api/matches/${encodeURIComponent(id)}/lookup`).then((l) => {
  if (!l.found) throw new ApiError('not-found', 'No such match.');
  return l.match;
});
/** A summary asked for before the first render (main.tsx), handed to the page's first getSummary of it. */
const early = new Map<string, Promise<MatchSummary>>();
export function prefetchSummary(id: string): void {
  const p = lookup(id);
  p.catch(() => undefined); // its taker handles the failure
  early.set(id, p);
}
export function getSummary(id: string): Promise<MatchSummary> {
  const p = early.get(id);
  early.delete(id);
  return p ?? lookup(id);
}
export const rematch = (id: string, token: string) =>
  api<MatchCreated>('POST', `/api/matches/${id}/rematch`, { token } satisfies InferInput<typeof RematchBody>);

let socket: ReconnectingWebSocket | null = null;

/** A refused seat token: forget it, and the page asks for a name again. */
export function dropSeat(id: string): void {
  saveSeat(id, null);
  seatEpoch.value++;
}

/**
 * A seat's (or a spectator's, `token` null) socket opened as the bundle runs (main.tsx), before the
 * first render and its effects: the server's first view is on its way while the page draws. The
 * page's openMatch for the same match and token adopts it rather than opening a second one.
 */
let earlySocket: { key: string; close: () => void } | null = null;
export function openEarly(id: string, token: string | null): void {
  earlySocket = { key: `${id} ${token}`, close: openMatch(id, token, () => dropSeat(id)) };
}

/**
 * Open the match socket (a seat with `token`, a spectator without) and keep
 * `view` and `conn` current. `onBadToken` runs when the server refuses the token.
 * Returns the function that closes it.
 */
export function openMatch(id: string, token: string | null, onBadToken: () => void): () => void {
  const adopt = earlySocket;
  earlySocket = null;
  if (adopt?.key === `${id} ${token}`) return adopt.close;
  adopt?.close();
  view.value = null;
  picked.value = null;
  sentAt.value = null;
  actedSeq.value = null;
  conn.value = navigator.onLine ? 'connecting' : 'offline';
  reactions.value = {};
  earlierLog.value = [];
  crowdReaction.value = null;
  watchers.value = null;
  watcherNames.value = null;
  chatLines.value = null;
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  // patch=1: after the first whole view, the server sends only what changed (docs/PROTOCOL.md).
  // emotes=1: seated players' reactions come too.
  // watchers=1: who else watches; a spectator who chose to show a name gives it (`name`).
  // chat=1: a private table's chat, all of it on connecting, then each new line.
  const who = token ? `&token=${encodeURIComponent(token)}` : watchAs.value ? `&name=${encodeURIComponent(watchAs.value)}` : '';
  const url = `${proto}://${location.host}/api/matches/${id}/ws?patch=1&emotes=1&watchers=1&chat=1${who}`;
  const ws = new ReconnectingWebSocket(url, [], {
    minReconnectionDelay: 250 + Math.random() * 500, // spread many clients' retries
    maxReconnectionDelay: 5000,
    connectionTimeout: 5000,
    maxEnqueuedMessages: 0, // an action is only sent on a live socket, never replayed later
    WebSocket: Adopting, // the first connection takes the socket index.html opened, if it is this one
    // A refused token will not get better; a match full of spectators is told once, not hammered;
    // a deleted match (4004) is gone for good; a refused spectator name (4002) watches on without it.
    shouldReconnectOnClose: (e) => e.code !== 4001 && e.code !== 4009 && e.code !== 4004 && e.code !== 4002,
  });
  socket = ws;
  let heard = Date.now();
  let ended = false; // closed by the page: what the socket says after that is no news
  ws.addEventListener('open', () => { heard = Date.now(); if (!ended) conn.value = 'connected'; });
  let current: View | null = null;
  ws.addEventListener('close', (e) => {
    current = null; // the next connection starts with a whole view
    if (ended) return;
    // A refused name (4002): watch on without it.
    if (e.code === 4002) { watchAs.value = null; return; }
    conn.value = e.code === 4001 || e.code === 4009 || e.code === 4004 || !navigator.onLine ? 'offline' : 'reconnecting';
    sentAt.value = null;
  });
  ws.addEventListener('message', (e) => {
    if (ended) return;
    heard = Date.now();
    const msg = JSON.parse(String(e.data)) as ServerMessage;
    if (msg.type === 'patch' && !current) {
      ws.reconnect(); // a patch with nothing to apply it to: start again from a whole view
    } else if (msg.type === 'state' || msg.type === 'patch') {
      const first = !current;
      const v = current = msg.type === 'state' ? msg.view : applyPatch(current!, msg.ops);
      // A connection's first view of a match under way: ask once for the log before its window.
      const from = v.log[0]?.seq ?? 1;
      if (first && from > 1 && (earlierLog.value.at(-1)?.seq ?? 0) < from - 1) ws.send(JSON.stringify({ type: 'log', before: from }));
      if (typeof msg.spectators === 'number') watchers.value = msg.spectators;
      const opts = v.pending?.options;
      if (picked.value && !opts?.some((o) => o.type === 'play' && o.card === picked.value)) picked.value = null;
      view.value = v;
    } else if (msg.type === 'log') {
      earlierLog.value = msg.entries;
    } else if (msg.type === 'watchers') {
      watchers.value = msg.count;
      watcherNames.value = msg.names;
    } else if (msg.type === 'chat') {
      // Merged by seq: the lines so far come again on each reconnection.
      const by = new Map((chatLines.value ?? []).map((l) => [l.seq, l]));
      for (const l of msg.lines) by.set(l.seq, l);
      chatLines.value = [...by.values()].sort((a, b) => a.seq - b.seq);
    } else if (msg.type === 'emote') {
      if (msg.seat === null) showCrowdReaction(msg.emote);
      else showReaction(msg.seat, msg.emote);
    } else if (msg.type === 'error') {
      sentAt.value = null;
      if (msg.code === 'bad-token') onBadToken();
      // An unknown match before any view: its page says so already (the lookup), no toast over it.
      if (msg.code !== 'not-found' || view.value) toast(msg.message);
    }
  });
  // A silent socket may be dead without a close event (sleeping laptop, lost Wi-Fi): ping, and
  // reconnect if nothing came back.
  const ping = setInterval(() => {
    if (ws.readyState !== 1) return;
    if (Date.now() - heard > 45_000) ws.reconnect();
    else ws.send('{"type":"ping"}');
  }, 20_000);
  const offline = () => { conn.value = 'offline'; };
  const online = () => ws.reconnect();
  addEventListener('offline', offline);
  addEventListener('online', online);
  return () => {
    ended = true;
    clearInterval(ping);
    removeEventListener('offline', offline);
    removeEventListener('online', online);
    // A socket closed before it opened is logged by the browser as a failed connection: it is
    // closed once it opens or fails (close() then also stops any reconnection).
    if (ws.readyState === ReconnectingWebSocket.CONNECTING) {
      const bye = () => ws.close();
      ws.addEventListener('open', bye);
      ws.addEventListener('close', bye);
    } else ws.close();
    if (socket === ws) socket = null;
    conn.value = 'idle';
    view.value = null;
  };
}

/** Send a reaction; false if it cannot go now (not connected). */
export function react(emote: Emote): boolean {
  if (!socket || conn.value !== 'connected') return false;
  socket.send(JSON.stringify({ type: 'emote', emote }));
  return true;
}

/** Say a line of table chat; false if it cannot go now (not connected). */
export function say(text: string): boolean {
  if (!socket || conn.value !== 'connected') return false;
  socket.send(JSON.stringify({ type: 'chat', text }));
  return true;
}

/** Take the seat back from a stand-in bot: the server hands a seat back to a socket that (re)connects. */
export function takeBack(): void {
  socket?.reconnect();
}

/** Let a stand-in bot play for an idle player (offered when their `canStandIn` is true); false if it cannot go now. */
export function letBotPlay(seat: number): boolean {
  if (!socket || conn.value !== 'connected') return false;
  socket.send(JSON.stringify({ type: 'stand-in', seat }));
  return true;
}

/** Tell the server a hint was used on the current decision (it counts hints; the hint is worked out here). */
export function tellHint(): boolean {
  if (!socket || conn.value !== 'connected') return false;
  socket.send(JSON.stringify({ type: 'hint' }));
  return true;
}

/**
 * Send one of `view.pending.options`, stamped with the version it was chosen from. A play asks
 * for a confirm first when the player wants one (`confirmed`: it was given).
 */
export function act(move: Move, confirmed = false): void {
  const v = view.value;
  if (!v || !socket || conn.value !== 'connected' || sentAt.value === v.version) return;
  if (move.type === 'play' && confirmPlays.value && !confirmed) {
    confirming.value = { move, version: v.version };
    return;
  }
  confirming.value = null;
  sentAt.value = v.version;
  actedSeq.value = v.log[v.log.length - 1]?.seq ?? 0;
  picked.value = null;
  if (move.type === 'play') lastLocation.value = move.location;
  else if (side(move.option)) lastLocation.value = move.option;
  socket.send(JSON.stringify({ ...move, version: v.version }));
}
