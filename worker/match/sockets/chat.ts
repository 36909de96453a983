// Table chat: friends at a private table type to each other. A seat's line (cleaned and checked
// by the ChatMessage schema) is stored before anyone hears it, so a refresh or another device gets
// what was said: a socket that opted in (`?chat=1`) gets the lines so far when it connects, then
// each new one. Spectators (they hold the watch link a friend sent) read it; public matches have
// none (a stranger's table keeps the fixed reactions: nothing typed by a stranger reaches anyone).
// Clients render lines as text only; muting is each viewer's own (the page's).
import type { ChatLine, Refusal } from '../../../shared/protocol';
import { attachmentOf, send, sendWhere } from '../../shared/sockets';
import { Bucket } from './bucket';

/** Lines kept (older ones are dropped as new ones come). */
export const CHAT_KEEP = 200;
/** A seat's lines: 5 at once, then one every 2 s. */
export const CHAT_BURST = 5;
export const CHAT_EVERY_S = 2;

export const PUBLIC_CHAT: Refusal = { code: 'forbidden', message: 'Chat is for private matches; a public table has reactions.' };

export class Chat {
  private buckets = new Map<number, Bucket>();

  constructor(private sql: SqlStorage) {}

  /** Made on first use, by an object that holds a match (an unknown id never gets here). */
  private table(): void {
    this.sql.exec(`CREATE TABLE IF NOT EXISTS chat (seq INTEGER PRIMARY KEY AUTOINCREMENT, seat INTEGER NOT NULL,
      name TEXT NOT NULL, text TEXT NOT NULL, at INTEGER NOT NULL)`);
  }

  lines(): ChatLine[] {
    this.table();
    return this.sql.exec<ChatLine & Record<string, SqlStorageValue>>('SELECT seq, seat, name, text, at FROM chat ORDER BY seq').toArray();
  }

  /** `seat` says `text` (already cleaned) under `name`: stored, then sent to every socket that opted in. */
  say(ctx: DurableObjectState, isPublic: boolean, seat: number, name: string, text: string, now = Date.now()): Refusal | null {
    if (isPublic) return PUBLIC_CHAT;
    let b = this.buckets.get(seat);
    if (!b) this.buckets.set(seat, (b = new Bucket(CHAT_BURST, 1 / CHAT_EVERY_S, now)));
    if (!b.take(now)) return { code: 'rate-limited', message: `Chat: ${CHAT_BURST} lines at once, then one every ${CHAT_EVERY_S} seconds.` };
    this.table();
    const seq = this.sql.exec<{ seq: number }>('INSERT INTO chat (seat, name, text, at) VALUES (?, ?, ?, ?) RETURNING seq', seat, name, text, now).one().seq;
    this.sql.exec('DELETE FROM chat WHERE seq <= ?', seq - CHAT_KEEP);
    const line: ChatLine = { seq, seat, name, text, at: now };
    sendWhere(ctx, JSON.stringify({ type: 'chat', lines: [line] }), (a) => !!a.chat);
    return null;
  }

  /** A socket that just connected and opted in: what was said so far (in a private match). */
  greet(ws: WebSocket, isPublic: boolean): void {
    if (isPublic || !attachmentOf(ws).chat) return;
    send(ws, JSON.stringify({ type: 'chat', lines: this.lines() }));
  }
}
