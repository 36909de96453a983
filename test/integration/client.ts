// HTTP and socket clients for the integration tests. Sockets are partysocket's
// ReconnectingWebSocket over the `ws` package, as a Node client would use them.
import ReconnectingWebSocket from 'partysocket/ws';
import WS from 'ws';
import { applyPatch, type Joined, type MatchCreated, type ServerMessage, type View } from '../../shared/protocol';

export async function call(base: string, method: string, path: string, body?: unknown) {
  const init: RequestInit = { method };
  if (body !== undefined) {
    // The JSON routes take only bodies that say they are JSON (others: 415).
    init.headers = { 'Content-Type': 'application/json' };
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
  return (r.json as MatchCreated).id;
}

export async function join(base: string, id: string, name: string): Promise<Joined> {
  const r = await call(base, 'POST', `/api/matches/${id}/join`, { name });
  if (r.status !== 200) throw new Error(`join: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json;
}

/** A socket that keeps every message (raw text too) and lets a test wait for the next one. */
export class Client {
  readonly socket: ReconnectingWebSocket;
  /** Every message as received, for leak checks. */
  readonly raw: string[] = [];
  readonly views: View[] = [];
  private queue: ServerMessage[] = [];
  private waiters: (() => void)[] = [];
  closes: number[] = [];
  /** A short timeline (open, close, in, out) for diagnosing a stuck test. */
  readonly events: string[] = [];
  private t0 = Date.now();
  onView: ((v: View) => void) | null = null;

  constructor(url: string | (() => string), opts: { retries?: number } = {}) {
    this.socket = new ReconnectingWebSocket(url, [], {
      WebSocket: WS,
      maxRetries: opts.retries ?? 50,
      minReconnectionDelay: 50,
      maxReconnectionDelay: 500,
      connectionTimeout: 5000,
    });
    this.socket.addEventListener('open', () => this.log('open'));
    this.socket.addEventListener('message', (e) => {
      const text = String(e.data);
      this.log(`in ${text.slice(0, 40)}`);
      this.raw.push(text);
      let msg = JSON.parse(text) as ServerMessage;
      // A patch (URL with patch=1) is taken as the whole view it makes.
      if (msg.type === 'patch') msg = { type: 'state', view: applyPatch(this.views.at(-1)!, msg.ops) };
      if (msg.type === 'state') {
        this.views.push(msg.view);
        this.onView?.(msg.view);
      }
      this.queue.push(msg);
      this.flush();
    });
    this.socket.addEventListener('close', (e) => {
      this.log(`close ${e.code} ${e.reason}`);
      this.closes.push(e.code);
      this.flush();
    });
  }

  private flush(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  private log(what: string): void {
    this.events.push(`${Date.now() - this.t0}ms ${what}`);
    if (this.events.length > 40) this.events.shift();
  }

  send(msg: unknown): void {
    this.log(`out ${(typeof msg === 'string' ? msg : JSON.stringify(msg)).slice(0, 60)} (ready ${this.socket.readyState})`);
    this.socket.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  }

  async take<T extends ServerMessage['type']>(type?: T, ms = 10_000): Promise<Extract<ServerMessage, { type: T }>> {
    const deadline = Date.now() + ms;
    for (;;) {
      const i = this.queue.findIndex((m) => !type || m.type === type);
      if (i >= 0) return this.queue.splice(i, 1)[0] as Extract<ServerMessage, { type: T }>;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${type ?? 'message'} within ${ms} ms`);
      await new Promise<void>((res) => {
        const t = setTimeout(res, left);
        this.waiters.push(() => { clearTimeout(t); res(); });
      });
    }
  }

  /** Wait until a view satisfies `ok`. */
  async until(ok: (v: View) => boolean, ms = 30_000): Promise<View> {
    const deadline = Date.now() + ms;
    for (;;) {
      const last = this.views.at(-1);
      if (last && ok(last)) return last;
      await this.take('state', Math.max(1, deadline - Date.now()));
    }
  }

  /** Only a pong comes back: the messages before it changed nothing anyone sees. */
  async quiet(): Promise<void> {
    this.send({ type: 'ping' });
    const m = await this.take();
    if (m.type !== 'pong') throw new Error(`expected a pong, got ${JSON.stringify(m).slice(0, 200)}`);
  }

  get queued(): number {
    return this.queue.length;
  }

  close(): void {
    this.socket.close(1000, 'done');
  }
}

export const socketUrl = (ws: string, id: string, token?: string): string =>
  `${ws}/api/matches/${id}/ws${token ? `?token=${encodeURIComponent(token)}` : ''}`;

/** A player that answers every decision of its own with a random option it was offered. */
export function autoplay(c: Client, rand: () => number = Math.random): void {
  // Views sent for other reasons repeat a version: answer each once per connection.
  // After a reconnection answer again (an answer sent into a dying socket is lost;
  // a repeated one is only refused as stale).
  let answered = '';
  c.onView = (v) => {
    const opts = v.pending?.seat === v.you ? v.pending?.options : undefined;
    const key = `${c.closes.length}:${v.version}`;
    if (v.over || !opts?.length || key === answered) return;
    answered = key;
    c.send({ ...opts[Math.floor(rand() * opts.length)], version: v.version });
  };
}
