// The one socket client of the tests, benchmarks and scripts. It wraps anything WebSocket-like
// (addEventListener, send, close): a workerd socket from a `fetch` upgrade in the worker tests,
// the `ws` package or partysocket's reconnecting socket in Node (harness/node.ts). It keeps what
// it receives, turns patches into whole views, and lets a caller wait for a message or a view.
// No Node or workerd API here: both the workerd pool and Node compile it.
import { applyPatch, type ServerMessage, type View } from '../shared/protocol';

/** What every WebSocket flavour used here provides. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string | Uint8Array<ArrayBuffer>): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'message', listener: (e: { data: unknown }) => void): void;
  addEventListener(type: 'close', listener: (e: { code: number; reason: string }) => void): void;
}

export interface SockOptions {
  /**
   * `all` (default): every message is queued for `take` and kept in `raw`, every view in `views`.
   * `view`: only the latest view and the sizes (benchmarks: hundreds of sockets, long runs).
   * `bytes`: nothing parsed, only the sizes and `next` (echo sockets, spectators that only count).
   */
  record?: 'all' | 'view' | 'bytes';
  /** The socket reconnects by itself (partysocket): a close does not end a wait. */
  reconnects?: boolean;
  /** Default waits of `take` and `until`. */
  takeMs?: number;
  untilMs?: number;
}

type Waiter = (text: string | null | undefined) => void;

const Buf = (globalThis as { Buffer?: { byteLength(s: string): number } }).Buffer;
const encoder = new TextEncoder();
const byteLength = (s: string): number => (Buf ? Buf.byteLength(s) : encoder.encode(s).length);

export class Sock<S extends SocketLike = SocketLike> {
  /** Every message as it came (record `all`). */
  readonly raw: string[] = [];
  /** Every view received or made from a patch, in order (record `all`). */
  readonly views: View[] = [];
  /** Bytes of every message received, in order (records `view` and `bytes`). */
  readonly sizes: number[] = [];
  /** The latest view. */
  view: View | null = null;
  /** The codes of every close seen (a reconnecting socket may close many times). */
  readonly closes: number[] = [];
  /** The last close, or null while it never closed. */
  closed: { code: number; reason: string } | null = null;
  /** A short timeline (in, out, close) for diagnosing a stuck test (record `all`). */
  readonly events: string[] = [];
  /** Called with each view as it arrives. */
  onView: ((v: View) => void) | null = null;
  private queue: ServerMessage[] = [];
  private waiters: Waiter[] = [];
  private readonly record: 'all' | 'view' | 'bytes';
  private readonly t0 = Date.now();

  constructor(readonly socket: S, private opts: SockOptions = {}) {
    this.record = opts.record ?? 'all';
    socket.addEventListener('message', (e) => this.received(typeof e.data === 'string' ? e.data : String(e.data)));
    socket.addEventListener('close', (e) => {
      this.log(`close ${e.code} ${e.reason}`);
      this.closes.push(e.code);
      this.closed = { code: e.code, reason: e.reason };
      this.wake(null);
    });
  }

  private received(text: string): void {
    if (this.record === 'all') {
      this.raw.push(text);
      this.log(`in ${text.slice(0, 40)}`);
    } else {
      this.sizes.push(byteLength(text));
    }
    if (this.record !== 'bytes' && text.startsWith('{')) this.parsed(JSON.parse(text) as ServerMessage);
    this.wake(text);
  }

  private parsed(msg: ServerMessage): void {
    // A patch (sockets that opted in) counts as the whole view it makes.
    if (msg.type === 'patch') msg = { type: 'state', view: applyPatch(this.view!, msg.ops) };
    if (msg.type === 'state') {
      this.view = msg.view;
      if (this.record === 'all') this.views.push(msg.view);
      this.onView?.(msg.view);
    }
    if (this.record === 'all') this.queue.push(msg);
  }

  /** Every waiter sees every message, checked at once (ws may hand over several in one go). */
  private wake(text: string | null): void {
    for (const w of [...this.waiters]) w(text);
  }

  /**
   * Resolves with what `check` finds, trying now and at each message (its text) or close (null);
   * rejects when `check` throws, or after `ms`.
   */
  private waitFor<T>(check: (text: string | null | undefined) => T | undefined, ms: number, what: string): Promise<T> {
    return new Promise((res, rej) => {
      const done = (f: () => void) => {
        clearTimeout(t);
        this.waiters = this.waiters.filter((w) => w !== waiter);
        f();
      };
      const waiter: Waiter = (text) => {
        try {
          const found = check(text);
          if (found !== undefined) done(() => res(found));
        } catch (e) {
          done(() => rej(e));
        }
      };
      const t = setTimeout(() => done(() => rej(new Error(`no ${what} within ${ms} ms`))), Math.max(1, ms));
      this.waiters.push(waiter);
      waiter(undefined);
    });
  }

  private log(what: string): void {
    if (this.record !== 'all') return;
    this.events.push(`${Date.now() - this.t0}ms ${what}`);
    if (this.events.length > 40) this.events.shift();
  }

  send(msg: unknown): void {
    const data = typeof msg === 'string' || msg instanceof Uint8Array ? (msg as string | Uint8Array<ArrayBuffer>) : JSON.stringify(msg);
    this.log(`out ${String(typeof data === 'string' ? data : '<bytes>').slice(0, 60)} (ready ${this.socket.readyState})`);
    this.socket.send(data);
  }

  /** The next queued message (of `type`, skipping others before it); record `all` only. */
  take<T extends ServerMessage['type']>(type?: T, ms = this.opts.takeMs ?? 5000): Promise<Extract<ServerMessage, { type: T }>> {
    if (this.record !== 'all') throw new Error('take needs record "all"');
    return this.waitFor(() => {
      const i = this.queue.findIndex((m) => !type || m.type === type);
      if (i >= 0) return this.queue.splice(i, 1)[0] as Extract<ServerMessage, { type: T }>;
      if (this.closed && !this.opts.reconnects) throw new Error(`socket closed (${this.closed.code}) while waiting for ${type ?? 'a message'}`);
      return undefined;
    }, ms, type ?? 'message');
  }

  /** The next message whose text passes `ok`, among those arriving after this call. */
  next(ok: (text: string) => boolean = () => true, ms = 30_000): Promise<string> {
    return this.waitFor((text) => (typeof text === 'string' && ok(text) ? text : undefined), ms, 'matching message');
  }

  /** The latest view, after waiting for one of at least this version (taken from the queue). */
  async viewAt(version: number, ms = this.opts.takeMs ?? 5000): Promise<View> {
    for (;;) {
      const m = await this.take('state', ms);
      if (m.view.version >= version) return m.view;
    }
  }

  /** Wait until the latest view passes `ok` (record `all`: a view is taken from the queue at each look). */
  async until(ok: (v: View) => boolean, ms = this.opts.untilMs ?? 10_000): Promise<View> {
    if (this.record !== 'all') return this.waitFor(() => (this.view && ok(this.view) ? this.view : undefined), ms, 'view that passes');
    const deadline = Date.now() + ms;
    for (;;) {
      if (this.view && ok(this.view)) return this.view;
      await this.take('state', Math.max(1, deadline - Date.now()));
    }
  }

  /** Nothing but a pong comes back: proof that what was sent before changed nothing anyone sees. */
  async expectQuiet(): Promise<void> {
    this.send({ type: 'ping' });
    const m = await this.take();
    if (m.type !== 'pong') throw new Error(`expected only a pong, got ${JSON.stringify(m).slice(0, 200)}`);
  }

  /** Messages queued and not taken yet. */
  get pending(): number {
    return this.queue.length;
  }

  close(): void {
    try { this.socket.close(1000, 'done'); } catch { /* closed already */ }
  }
}

/**
 * A player that answers every decision of its own seat with an option it was offered, drawn by
 * `rand` (`() => 0`: always the first), the view it holds now included. Views sent for other reasons repeat a
 * version: each is answered once per connection; after a reconnection, again (an answer sent
 * into a dying socket is lost; a repeated one is only refused as stale).
 */
export function autoplay(s: Sock, rand: () => number = Math.random): void {
  let answered = '';
  const answer = (v: View) => {
    const opts = v.pending?.seat === v.you ? v.pending?.options : undefined;
    const key = `${s.closes.length}:${v.version}`;
    if (v.over || !opts?.length || key === answered) return;
    answered = key;
    s.send({ ...opts[Math.floor(rand() * opts.length)], version: v.version });
  };
  const before = s.onView;
  s.onView = (v) => {
    before?.(v);
    answer(v);
  };
  if (s.view) answer(s.view);
}

