// A bare WebSocket client for the benchmarks (the `ws` package, no reconnecting
// wrapper): it only counts and hands over messages, so what it measures is the
// server and the loopback, not a client library.
import WS from 'ws';
import { applyPatch, type ServerMessage, type View } from '../../shared/protocol';

export class BenchSocket {
  readonly ws: WS;
  /** Bytes of every message received, in order. */
  readonly sizes: number[] = [];
  /** The latest view (whole, or rebuilt from patches). */
  view: View | null = null;
  private waiters: { ok: (text: string) => boolean; done: (text: string) => void }[] = [];
  onText: ((text: string) => void) | null = null;

  private constructor(url: string) {
    this.ws = new WS(url, { perMessageDeflate: false });
    this.ws.on('message', (data) => {
      const text = String(data);
      this.sizes.push(Buffer.byteLength(text));
      this.onText?.(text);
      // Every waiter sees every message (ws may hand several over in one go).
      for (const w of [...this.waiters]) {
        if (w.ok(text)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.done(text);
        }
      }
    });
  }

  static async open(url: string): Promise<BenchSocket> {
    const s = new BenchSocket(url);
    await new Promise<void>((res, rej) => { s.ws.once('open', () => res()); s.ws.once('error', rej); });
    return s;
  }

  /** A socket on a match that keeps `view` current from state and patch messages. */
  static async match(url: string): Promise<BenchSocket> {
    const s = new BenchSocket(url);
    s.onText = (text) => {
      if (!text.startsWith('{"type":"state"') && !text.startsWith('{"type":"patch"')) return;
      const m = JSON.parse(text) as ServerMessage;
      if (m.type === 'state') s.view = m.view;
      else if (m.type === 'patch') s.view = applyPatch(s.view!, m.ops);
    };
    await new Promise<void>((res, rej) => { s.ws.once('open', () => res()); s.ws.once('error', rej); });
    return s;
  }

  /** The next message that satisfies `ok` (checked as messages arrive, after this call). */
  next(ok: (text: string) => boolean = () => true, ms = 30_000): Promise<string> {
    return new Promise((res, rej) => {
      const t = setTimeout(() => rej(new Error(`no message within ${ms} ms`)), ms);
      this.waiters.push({ ok, done: (text) => { clearTimeout(t); res(text); } });
    });
  }

  /** Wait until the view satisfies `ok` (checked after each message, once the view is updated). */
  async until(ok: (v: View) => boolean, ms = 30_000): Promise<View> {
    if (this.view && ok(this.view)) return this.view;
    await this.next(() => this.view !== null && ok(this.view), ms);
    return this.view!;
  }

  send(msg: unknown): void {
    this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  }

  close(): void {
    this.ws.close(1000, 'done');
  }
}

/** The version a state or patch message carries, or -1. */
export function versionOf(text: string): number {
  const m = /^\{"type":"patch","version":(\d+)/.exec(text) ?? /^\{"type":"state","view":\{"version":(\d+)/.exec(text);
  return m ? Number(m[1]) : -1;
}
