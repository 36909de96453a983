// Quick match: one shard of the queue of people who asked for one size of table (quick-<players>-<k>).
// People within one window (QUICK_WINDOW_MS from the first arrival of a round) sit at one table;
// when the window ends (the alarm), or at once when the table is full, bots take the open seats
// and the match starts. Everything is in SQLite before it is answered, so a restart or a repeated
// alarm seats nobody twice: an entry is written before it waits, a round's match id and every seat
// and token are written (in one synchronous step) before the match is made, and a repeated request
// (the same ticket) is answered from the rows. A shard past its cap (QUICK_SHARD_CAP arrivals a
// window) keeps the tickets it sent on, so a retry walks the same shards to its entry.
//
// Two ways to wait. The browser's: a hibernatable WebSocket to this object, tagged with the ticket;
// it is told who has come and how long is left, and closing it (leaving the page) removes the
// person while the round is not yet seated. Nothing about it lives in memory, so the object may
// hibernate mid-window: the alarm wakes it, and the sockets are found again by their tag. A
// restart that drops the sockets leaves their entries; the client, reconnecting with its ticket,
// gets its seat. A script's: POST /api/quick, held in memory until seated; the object stays awake
// while it is held, and a held request that is cut off leaves the entry (seated all the same; a
// retry with the ticket gets the seat).
import { DurableObject } from 'cloudflare:workers';
import { CREATE_DEFAULTS, socketError, type QueueMessage, type QuickSeated } from '../../shared/protocol';
import { hashToken, newMatchId, newToken, randomSeed } from '../shared/ids';
import { CLOSE_SPECTATORS_FULL, quickShardCap, quickWindowMs } from '../shared/limits';
import { logEvent } from '../shared/log';
import { closestRound, distinctName, gather, makeTables, trySend } from './quick-seats';
import { START_RATING, type Seated } from '../shared/config';
import { refusedSocket, wasRefused } from '../shared/sockets';
import type { MatchConfig } from '../shared/config';

export type Entered =
  | { ok: true; seat: QuickSeated }
  /** This shard had more arrivals in the last window than its cap: try the next shard. */
  | { ok: false; moved: true };

interface RoundRow { id: number; players: number; endsAt: number; match: string | null; done: number; [k: string]: SqlStorageValue }
interface EntryRow { ticket: string; name: string; at: number; round: number; seat: number | null; token: string | null; player: string | null; addr: string | null; rating: number | null; [k: string]: SqlStorageValue }

/** Rows older than this are deleted by the alarm: long after any retry of a request could come. */
const KEEP_MS = 10 * 60_000;
/** The level of the bots that fill a quick match's open seats. */
const BOT_LEVEL = 'greedy';
/** How long past a window's end a held request waits for the alarm before seating its round itself. */
const LATE_MS = 1500;
/** An alarm that could not seat a round (the match would not be made) looks again this soon. */
const RETRY_MS = 1000;
/** Sockets one ticket may hold open at once. */
export const TICKET_SOCKETS = 2;
/** Status of the internal answer "this shard is full this window" (the route tries the next shard). */
export const MOVED = 409;

export class Queue extends DurableObject<Env> {
  private sql: SqlStorage;
  /** Held POST requests until their round is seated (memory only: after a restart a client asks again). */
  private waiters = new Map<number, (() => void)[]>();
  private seating = new Map<number, Promise<void>>();
  /** So the stored address hashes cannot be matched to addresses by hashing every IPv4 address. */
  private salt: string;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    makeTables(this.sql);
    this.sql.exec('INSERT OR IGNORE INTO salt (id, value) VALUES (0, ?)', newToken());
    this.salt = this.sql.exec<{ value: string }>('SELECT value FROM salt WHERE id = 0').one().value;
  }

  private entry = (ticket: string): EntryRow | undefined =>
    this.sql.exec<EntryRow>('SELECT * FROM entry WHERE ticket = ?', ticket).toArray()[0];
  private round = (id: number): RoundRow | undefined =>
    this.sql.exec<RoundRow>('SELECT * FROM round WHERE id = ?', id).toArray()[0];
  private members = (round: number): EntryRow[] =>
    this.sql.exec<EntryRow>('SELECT * FROM entry WHERE round = ? ORDER BY at, ticket', round).toArray();

  /** How many are waiting now (not yet seated): cheap, one indexed read. */
  waiting(): number {
    return this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM entry e JOIN round r ON r.id = e.round WHERE r.match IS NULL').one().n;
  }

  /** Whether this shard knows the ticket, here or sent on (a retried request: no quota again). */
  knows(ticket: string): boolean {
    return this.entry(ticket) !== undefined || this.wasMoved(ticket);
  }

  private wasMoved = (ticket: string): boolean => this.sql.exec('SELECT 1 FROM moved WHERE ticket = ?', ticket).toArray().length > 0;

  /**
   * Write the entry (or find it: the same ticket again), arm the window's alarm, and seat the
   * round at once if it is full. Null: this shard is at its cap this window.
   */
  private async admit(ticket: string, name: string, players: number, windowMs: number, cap: number, now: number, address: string, player: string | null, rating: number): Promise<EntryRow | null> {
    const addr = await hashToken(`${this.salt}:${address}`);
    const known = this.entry(ticket);
    if (known) return known;
    if (this.wasMoved(ticket)) return null;
    const recent = this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM entry WHERE at > ?', now - windowMs).one().n;
    if (recent >= cap) {
      this.sql.exec('INSERT INTO moved (ticket, at) VALUES (?, ?)', ticket, now);
      return null;
    }
    // Synchronous from here to the insert: no other request can slip in between.
    // Of the open rounds this address has no seat at (one address, one seat: no table of one
    // household's accounts beside a stranger), the one whose people are closest in rating, within
    // the band; none, a round of its own.
    const open = this.sql.exec<RoundRow & { mean: number }>(`SELECT r.*, (SELECT AVG(COALESCE(e.rating, ${START_RATING})) FROM entry e WHERE e.round = r.id) AS mean
      FROM round r WHERE match IS NULL AND endsAt > ? AND NOT EXISTS (SELECT 1 FROM entry e WHERE e.round = r.id AND e.addr = ?) ORDER BY id`, now, addr).toArray();
    let r: RoundRow | undefined = closestRound(open, rating);
    const opened = !r;
    if (!r) {
      const id = this.sql.exec<{ id: number }>('INSERT INTO round (players, endsAt) VALUES (?, ?) RETURNING id', players, now + windowMs).one().id;
      r = this.round(id)!;
    }
    const taken = this.members(r.id).map((m) => m.name);
    this.sql.exec('INSERT INTO entry (ticket, name, at, round, addr, player, rating) VALUES (?, ?, ?, ?, ?, ?, ?)', ticket, distinctName(name, taken), now, r.id, addr, player, rating);
    if (opened) {
      const armed = await this.ctx.storage.getAlarm();
      if (armed === null || armed > r.endsAt) await this.ctx.storage.setAlarm(r.endsAt);
    }
    return this.entry(ticket)!;
  }

  /** After an entry: tell the round's sockets, and seat it if it is full or its window has passed. */
  private async settle(roundId: number): Promise<void> {
    const r = this.round(roundId)!;
    if (r.done) return;
    if (r.match !== null || r.endsAt <= Date.now() || this.members(roundId).length >= r.players) await this.seat(roundId);
    else this.tell(roundId);
  }

  /** The answer of a seated entry. */
  private seated(ticket: string): QuickSeated {
    const e = this.entry(ticket)!;
    const match = this.round(e.round)!.match!;
    return { id: match, url: `/m/${match}`, seat: e.seat!, token: e.token! };
  }

  /**
   * POST /api/quick: sit `name` down for a `players` table and answer once seated. `ticket`: the
   * client's own secret for this request; the same ticket again gets the same seat. `player`: the
   * identified player asking (their seat is linked to them), or null.
   */
  async enter(ticket: string, name: string, players: number, windowMs: number, cap: number, address: string, player: string | null = null, rating = START_RATING, now = Date.now()): Promise<Entered> {
    const e = await this.admit(ticket, name, players, windowMs, cap, now, address, player, rating);
    if (!e) return { ok: false, moved: true };
    await this.settle(e.round);
    // Woken by the seating; and should the alarm be late or failing, this request seats its round
    // itself. Its round is read again each time: the entry may have moved to another (gather).
    for (;;) {
      const round = this.entry(ticket)!.round;
      const r = this.round(round)!;
      if (r.done) break;
      if (Date.now() >= r.endsAt + LATE_MS) {
        await this.seat(round);
        continue;
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        new Promise<void>((resolve) => this.waiters.set(round, [...(this.waiters.get(round) ?? []), resolve])),
        new Promise<void>((resolve) => { timer = setTimeout(resolve, Math.max(0, r.endsAt - Date.now()) + LATE_MS); }),
      ]);
      clearTimeout(timer);
    }
    return { ok: true, seat: this.seated(ticket) };
  }

  /**
   * GET /api/quick/ws, forwarded by the route with the checked query (ticket, name, players, player):
   * the same entry as `enter`, waited for on a socket. Answers MOVED when this shard is full.
   */
  override async fetch(req: Request): Promise<Response> {
    const q = new URL(req.url).searchParams;
    const ticket = q.get('ticket')!;
    // A ticket is one person waiting: a page and its reconnect, not a crowd of sockets.
    if (this.ctx.getWebSockets(ticket).filter((ws) => ws.readyState === WebSocket.OPEN).length >= TICKET_SOCKETS) {
      logEvent('refused', { code: 'full', where: 'GET /api/quick/ws' });
      return refusedSocket(this.ctx, socketError('full', `A quick-match ticket holds at most ${TICKET_SOCKETS} sockets; close a tab.`), CLOSE_SPECTATORS_FULL, 'full');
    }
    const e = await this.admit(ticket, q.get('name')!, Number(q.get('players')), quickWindowMs(this.env), quickShardCap(this.env), Date.now(), q.get('address')!, q.get('player'), Number(q.get('rating') ?? START_RATING));
    if (!e) return new Response(null, { status: MOVED });
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [ticket]);
    const r = this.round(e.round)!;
    if (r.done) this.sendSeat(ticket);
    else await this.settle(e.round);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Nothing a waiting client sends means anything; the socket only waits. */
  override webSocketMessage(): void {}

  /** The socket closed (the page left): the person leaves the queue unless already seated. */
  override async webSocketClose(ws: WebSocket): Promise<void> {
    if (wasRefused(this.ctx, ws)) return;
    const ticket = this.ctx.getTags(ws)[0];
    const e = ticket ? this.entry(ticket) : undefined;
    if (!e || this.ctx.getWebSockets(ticket!).some((s) => s !== ws && s.readyState === WebSocket.OPEN)) return;
    const r = this.round(e.round)!;
    if (r.match !== null) return;
    this.sql.exec('DELETE FROM entry WHERE ticket = ?', ticket!);
    if (this.members(r.id).length) this.tell(r.id);
    else this.sql.exec('DELETE FROM round WHERE id = ?', r.id);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.webSocketClose(ws);
  }

  /** Every waiting socket of a round: who has come and how long is left. */
  private tell(roundId: number): void {
    const r = this.round(roundId)!;
    const members = this.members(roundId);
    const msg: QueueMessage = { type: 'queue', players: r.players, names: members.map((m) => m.name), leftMs: Math.max(0, r.endsAt - Date.now()) };
    const text = JSON.stringify(msg);
    for (const m of members) for (const ws of this.ctx.getWebSockets(m.ticket)) trySend(ws, text);
  }

  /** A seated person's sockets: the seat, then the socket closes (its work is done). */
  private sendSeat(ticket: string): void {
    const text = JSON.stringify({ type: 'seated', ...this.seated(ticket) } satisfies QueueMessage);
    for (const ws of this.ctx.getWebSockets(ticket)) {
      trySend(ws, text);
      try { ws.close(1000, 'seated'); } catch { /* closed already */ }
    }
  }

  /** Seat a round: once, however often it is asked (the full table, the alarm, a retried request). */
  private seat(roundId: number): Promise<void> {
    let p = this.seating.get(roundId);
    if (!p) {
      p = this.seatOnce(roundId).finally(() => this.seating.delete(roundId));
      this.seating.set(roundId, p);
    }
    return p;
  }

  private async seatOnce(roundId: number): Promise<void> {
    let r = this.round(roundId);
    if (!r) return; // everyone left: the round is gone
    if (r.done) return this.wake(roundId);
    // A round short of people takes the closest waiting at other tables first: bots only for seats nobody could take.
    const drained = r.match === null ? gather(this.sql, r) : { from: [], left: [] };
    drained.left.forEach((id) => this.tell(id));
    if (r.match === null) {
      // One synchronous step: the match id, every seat and every token are written together;
      // from here nobody leaves the round (webSocketClose checks the match).
      const id = newMatchId();
      this.members(roundId).forEach((m, seat) => this.sql.exec('UPDATE entry SET seat = ?, token = ? WHERE ticket = ?', seat, newToken(), m.ticket));
      this.sql.exec('UPDATE round SET match = ? WHERE id = ?', id, roundId);
      r = this.round(roundId)!;
    }
    const members = this.members(roundId);
    const people: Seated[] = await Promise.all(members.map(async (m) => ({
      seat: m.seat!, name: m.name, tokenHash: await hashToken(m.token!), ...(m.player ? { player: m.player } : {}),
    })));
    const stub = this.env.MATCH.getByName(r.match!);
    // A restart after the match was made and before `done` was written: it exists, and is not made again.
    if (!(await stub.summary())) {
      const bots: MatchConfig['bots'] = {};
      for (let s = people.length; s < r.players; s++) bots[String(s)] = BOT_LEVEL;
      const config: MatchConfig = {
        id: r.match!, players: r.players, bots, clock: null, seed: randomSeed(), seeded: false, public: false, botDelayMs: CREATE_DEFAULTS.botDelayMs,
        takeover: 'greedy', awayMs: 30_000, idleMs: 300_000, createdAt: Date.now(), rated: true,
      };
      await stub.create(config, null, people);
      logEvent('created', { match: r.match!, quick: true, people: people.length });
    }
    this.sql.exec('UPDATE round SET done = 1 WHERE id = ?', roundId);
    for (const m of members) this.sendSeat(m.ticket);
    this.wake(roundId);
    // Held requests of people moved here wait on their old round: they find their seat here.
    drained.from.forEach((old) => this.wake(old));
  }

  private wake(roundId: number): void {
    for (const resolve of this.waiters.get(roundId) ?? []) resolve();
    this.waiters.delete(roundId);
  }

  /** The window's end: seat every round whose window has passed. A second delivery finds them done. */
  override async alarm(): Promise<void> {
    const now = Date.now();
    const due = this.sql.exec<RoundRow>('SELECT * FROM round WHERE done = 0 AND endsAt <= ?', now + 50).toArray();
    let failed = false;
    for (const r of due) {
      // One round that fails is tried again soon by this object's own alarm, not by the platform's few retries.
      await this.seat(r.id).catch((err: unknown) => {
        failed = true;
        logEvent('failed', { where: 'quick', code: 'internal', ...(r.match ? { match: r.match } : {}) });
        console.error(err);
      });
    }
    const old = now - KEEP_MS;
    this.sql.exec('DELETE FROM entry WHERE round IN (SELECT id FROM round WHERE done = 1 AND endsAt < ?)', old);
    this.sql.exec('DELETE FROM round WHERE done = 1 AND endsAt < ?', old);
    this.sql.exec('DELETE FROM moved WHERE at < ?', old);
    const next = this.sql.exec<{ at: number | null }>('SELECT MIN(endsAt) AS at FROM round WHERE done = 0').one().at;
    const left = this.sql.exec<{ n: number }>('SELECT (SELECT COUNT(*) FROM round) + (SELECT COUNT(*) FROM moved) AS n').one().n;
    if (failed) await this.ctx.storage.setAlarm(Date.now() + RETRY_MS);
    else if (next !== null) await this.ctx.storage.setAlarm(next);
    else if (left) await this.ctx.storage.setAlarm(now + KEEP_MS);
  }
}
