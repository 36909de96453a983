// Shared helpers of the workerd tests: HTTP calls through the worker's own
// fetch, real WebSockets through the upgrade route, a peek into storage.
import { runInDurableObject } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import type { GameState } from '../../shared/engine';
import type { ServerMessage, View } from '../../shared/protocol';

export const BASE = 'http://darkmoor.test';

export async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const init: RequestInit = { method };
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
  const res = await exports.default.fetch(`${BASE}${path}`, init);
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

export async function createMatch(body: Record<string, unknown>): Promise<string> {
  const r = await call('POST', '/api/matches', body);
  if (r.status !== 201) throw new Error(`create failed: ${JSON.stringify(r.json)}`);
  return r.json.id as string;
}

export async function join(id: string, name: string, seat?: number): Promise<{ seat: number; token: string }> {
  const r = await call('POST', `/api/matches/${id}/join`, seat === undefined ? { name } : { name, seat });
  if (r.status !== 200) throw new Error(`join failed: ${JSON.stringify(r.json)}`);
  return r.json;
}

/** A connected socket that queues what it receives; `take` waits for the next matching message. */
export class Sock {
  private queue: ServerMessage[] = [];
  private wake: (() => void) | null = null;
  closed: { code: number; reason: string } | null = null;
  /** Every state view received, in order. */
  views: View[] = [];

  constructor(readonly ws: WebSocket) {
    ws.addEventListener('message', (e) => {
      const msg = JSON.parse(e.data as string) as ServerMessage;
      if (msg.type === 'state') this.views.push(msg.view);
      this.queue.push(msg);
      this.wake?.();
    });
    ws.addEventListener('close', (e) => {
      this.closed = { code: e.code, reason: e.reason };
      this.wake?.();
    });
  }

  send(msg: unknown): void {
    this.ws.send(typeof msg === 'string' || msg instanceof Uint8Array ? msg : JSON.stringify(msg));
  }

  async take<T extends ServerMessage['type']>(type?: T, ms = 5000): Promise<Extract<ServerMessage, { type: T }>> {
    const deadline = Date.now() + ms;
    for (;;) {
      const i = this.queue.findIndex((m) => !type || m.type === type);
      if (i >= 0) return this.queue.splice(i, 1)[0] as Extract<ServerMessage, { type: T }>;
      if (this.closed) throw new Error(`socket closed (${this.closed.code}) while waiting for ${type}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${type ?? 'message'} within ${ms} ms`);
      await new Promise<void>((res) => {
        const t = setTimeout(res, left);
        this.wake = () => { clearTimeout(t); this.wake = null; res(); };
      });
    }
  }

  /** The latest state view, after waiting for one with this version. */
  async viewAt(version: number, ms = 5000): Promise<View> {
    for (;;) {
      const m = await this.take('state', ms);
      if (m.view.version >= version) return m.view;
    }
  }

  /** Nothing but a pong comes back: proof that a refused message changed nothing. */
  async expectQuiet(): Promise<void> {
    this.send({ type: 'ping' });
    const m = await this.take();
    if (m.type !== 'pong') throw new Error(`expected only a pong, got ${JSON.stringify(m)}`);
  }

  get pending(): number {
    return this.queue.length;
  }

  close(): void {
    try { this.ws.close(1000, 'done'); } catch { /* closed */ }
  }
}

export async function connect(id: string, token?: string): Promise<Sock> {
  const q = token === undefined ? '' : `?token=${encodeURIComponent(token)}`;
  const res = await exports.default.fetch(`${BASE}/api/matches/${id}/ws${q}`, { headers: { Upgrade: 'websocket' } });
  if (res.status !== 101 || !res.webSocket) throw new Error(`upgrade failed: ${res.status} ${await res.text()}`);
  const ws = res.webSocket;
  const sock = new Sock(ws);
  ws.accept();
  return sock;
}

export const stub = (id: string) => env.MATCH.getByName(id);

/** The engine state as stored (the test's window on what players may not see). */
export function storedState(id: string): Promise<GameState | null> {
  return runInDurableObject(stub(id), (_o, state) => {
    const row = state.storage.sql.exec<{ json: string }>('SELECT json FROM state').toArray()[0];
    return row ? (JSON.parse(row.json) as GameState) : null;
  });
}

export function actionCount(id: string): Promise<number> {
  return runInDurableObject(stub(id), (_o, state) =>
    state.storage.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM actions').one().n);
}

/** Make the stored alarm job due now (tests cannot wait out a bot delay or a clock). */
export function makeDueNow(id: string): Promise<void> {
  return runInDurableObject(stub(id), (_o, state) => {
    state.storage.sql.exec(`UPDATE meta SET value = json_set(value, '$.at', 0) WHERE key = 'due'`);
  });
}
