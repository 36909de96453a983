// Node's side of the harness: HTTP calls to a real server, and sockets on it for harness/socket.ts's
// Sock: the bare `ws` package (benchmarks: what they measure is the server, not a client library)
// or partysocket's reconnecting socket over `ws`, as a Node client of the game would use it.
import ReconnectingWebSocket from 'partysocket/ws';
import WS from 'ws';
import { Sock, type SockOptions } from './socket';

/** `ip`: the client's address as Cloudflare would give it (`CF-Connecting-IP`, passed through by a local
 * server), for runs that play many people, each at an address of their own. */
export async function call(base: string, method: string, path: string, body?: unknown, ip?: string) {
  const headers: Record<string, string> = ip ? { 'CF-Connecting-IP': ip } : {};
  const init: RequestInit = { method, headers };
  if (body !== undefined) {
    // The JSON routes take only bodies that say they are JSON (others: 415).
    headers['Content-Type'] = 'application/json';
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
  }
  const res = await fetch(`${base}${path}`, init);
  const text = await res.text();
  let json: any = null;
  try { json = text ? JSON.parse(text) : null; } catch { json = text; }
  return { status: res.status, json };
}

export async function createMatch(base: string, body: Record<string, unknown>): Promise<string> {
  const r = await call(base, 'POST', '/api/matches', body);
  if (r.status !== 201) throw new Error(`create: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.id;
}

export async function join(base: string, id: string, name: string): Promise<{ seat: number; token: string }> {
  const r = await call(base, 'POST', `/api/matches/${id}/join`, { name });
  if (r.status !== 200) throw new Error(`join: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json;
}

export const socketUrl = (ws: string, id: string, token?: string): string =>
  `${ws}/api/matches/${id}/ws${token ? `?token=${encodeURIComponent(token)}` : ''}`;

/** A bare `ws` socket, open. */
export async function openSocket(url: string, opts: SockOptions = {}): Promise<Sock<WS>> {
  const ws = new WS(url, { perMessageDeflate: false });
  const s = new Sock(ws, opts);
  await new Promise<void>((res, rej) => { ws.once('open', () => res()); ws.once('error', rej); });
  return s;
}

/** partysocket's reconnecting socket over `ws` (not awaited: it connects, and reconnects, by itself). */
export function reconnecting(url: string | (() => string), opts: SockOptions & { retries?: number } = {}): Sock<ReconnectingWebSocket> {
  const socket = new ReconnectingWebSocket(url, [], {
    WebSocket: WS,
    maxRetries: opts.retries ?? 50,
    minReconnectionDelay: 50,
    maxReconnectionDelay: 500,
    connectionTimeout: 5000,
  });
  return new Sock(socket, { takeMs: 10_000, untilMs: 30_000, ...opts, reconnects: true });
}

/** A reconnecting socket's Sock (`socket.reconnect()`, `closes` counts its drops). */
export type Client = Sock<ReconnectingWebSocket>;
