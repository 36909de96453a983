// The benchmarks' baseline (bench/latency.ts, bench/fanout.ts, bench/wake.ts):
// a bare Durable Object on the same Hibernation API as Match, doing nothing
// but answer. A match's cost is read against it, measured in the same run, so
// the machine's noise and wrangler's local proxy cancel out.
//   "b:<text>"  sends <text> to every socket of the object (fan-out baseline)
//   "w:<text>"  writes <text> to SQLite, then sends it to every socket: the floor of a move, which
//               is stored and then told to every seat
//   "id"        answers with this instance's id (a new one proves it woke from hibernation)
//   "p:<text>"  writes <text> to SQLite, then sends it back: the floor of any reply that must
//               wait until something is stored (persist before acknowledge)
//   anything else comes straight back.
import { DurableObject } from 'cloudflare:workers';
import { isUpgrade } from '../shared/sockets';

export class Echo extends DurableObject<Env> {
  /** Set per instance: after an eviction the object is built again and gets a new one. */
  private readonly instance = crypto.randomUUID();
  private table = false;

  override async fetch(request: Request): Promise<Response> {
    if (!isUpgrade(request.headers.get('Upgrade'))) return new Response('upgrade', { status: 426 });
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1]);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  override webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): void {
    if (typeof message === 'string' && (message.startsWith('b:') || message.startsWith('w:'))) {
      const text = message.slice(2);
      if (message[0] === 'w') this.write(text);
      for (const s of this.ctx.getWebSockets()) {
        try { s.send(text); } catch { /* gone */ }
      }
    } else if (typeof message === 'string' && message.startsWith('p:')) {
      this.write(message.slice(2));
      ws.send(message.slice(2));
    } else if (message === 'id') {
      ws.send(`id:${this.instance}`);
    } else {
      ws.send(message);
    }
  }

  private write(text: string): void {
    const sql = this.ctx.storage.sql;
    if (!this.table) sql.exec('CREATE TABLE IF NOT EXISTS log (n INTEGER PRIMARY KEY, text TEXT NOT NULL)');
    this.table = true;
    sql.exec('INSERT INTO log (text) VALUES (?)', text);
  }

  override webSocketClose(ws: WebSocket, code: number): void {
    try { ws.close(code === 1005 || code === 1006 ? 1000 : code, 'bye'); } catch { /* closed */ }
  }
}
