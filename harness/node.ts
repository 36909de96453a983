// Node's side of the harness: HTTP calls to a real server, and sockets on it for harness/socket.ts's
// Sock: the bare `ws` package (benchmarks: what they measure is the server, not a client library)
// or partysocket's reconnecting socket over `ws`, as a Node client of the game would use it.
import { request } from 'node:http';
import ReconnectingWebSocket from 'partysocket/ws';
import WS from 'ws';
import { Sock, type SockOptions } from './socket';

/** `ip`: the client's address as Cloudflare would give it (`CF-Connecting-IP`, passed through by a local
 * server), for runs that play many people, each at an address of their own.
 *
 * Each call goes on a connection of its own: workerd answers a body it refuses unread (too large by
 * its length, or refused before it is read) and then resets the connection, and a pooled one
 * (fetch's) was now and then reused in that instant, its next request failing with ECONNRESET.
 * Cloudflare's edge, in front of a deployed worker, takes the whole body first. */
export async function call(base: string, method: string, path: string, body?: unknown, ip?: string) {
  const headers: Record<string, string> = ip ? { 'CF-Connecting-IP': ip } : {};
  const sent = body === undefined || typeof body === 'string' ? body : JSON.stringify(body);
  // The JSON routes take only bodies that say they are JSON (others: 415).
  if (sent !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fresh(new URL(path, base), method, headers, sent);
  let json: any = null;
  try { json = res.text ? JSON.parse(res.text) : null; } catch { json = res.text; }
  return { status: res.status, json };
}

/** One request on a new connection, closed after its answer. */
function fresh(url: URL, method: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    if (body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(body));
    const req = request(url, { method, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (d: string) => { text += d; }).on('end', () => resolve({ status: res.statusCode!, text }));
    });
    // After the answer, the reset of the refused body's connection says nothing more.
    req.on('error', reject).end(body);
  });
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
