// Quick match: one shard of the queue of people who asked for one size of table (quick-<players>-<k>).
// People within one window (QUICK_WINDOW_MS from the first arrival of a round) sit at one table;
// when the window ends (the alarm), or at once when the table is full, bots take the open seats
// and the match starts. Everything is in SQLite before it is answered, so a restart or a repeated
// alarm seats nobody twice: an entry is written before it waits, a round's match id and every seat
// and token are written (in one synchronous step) before the match is made, and a repeated request
// (the same ticket) is answered from the rows.
import { DurableObject } from 'cloudflare:workers';
import type { Joined, MatchCreated } from '../shared/protocol';
import { hashToken, newMatchId, newToken, randomSeed } from './ids';
import { logEvent } from './log';
import { distinctName, type Seated } from './quick-seats';
import type { MatchConfig } from './storage';

/** The answer of a seated entry: the match, its page, the seat and its token. */
export type QuickSeat = MatchCreated & Joined;

export type Entered =
  | { ok: true; seat: QuickSeat }
  /** This shard had more arrivals in the last window than its cap: try the next shard. */
  | { ok: false; moved: true };

interface RoundRow { id: number; players: number; endsAt: number; match: string | null; done: number; [k: string]: SqlStorageValue }
interface EntryRow { ticket: string; name: string; at: number; round: number; seat: number | null; token: string | null; [k: string]: SqlStorageValue }

/** Rows older than this are deleted by the alarm: long after any retry of a request could come. */
const KEEP_MS = 10 * 60_000;
/** The level of the bots that fill a quick match's open seats. */
const BOT_LEVEL = 'greedy';

export class Queue extends DurableObject<Env> {
  private sql: SqlStorage;
  /** Requests held open until their round is seated (memory only: after a restart a client asks again). */
  private waiters = new Map<number, (() => void)[]>();
  private seating = new Map<number, Promise<void>>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS round (id INTEGER PRIMARY KEY, players INTEGER NOT NULL, endsAt INTEGER NOT NULL,
      match TEXT, done INTEGER NOT NULL DEFAULT 0)`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS entry (ticket TEXT PRIMARY KEY, name TEXT NOT NULL, at INTEGER NOT NULL,
      round INTEGER NOT NULL, seat INTEGER, token TEXT)`);
    this.sql.exec('CREATE INDEX IF NOT EXISTS entry_at ON entry (at)');
    this.sql.exec('CREATE INDEX IF NOT EXISTS entry_round ON entry (round)');
  }

  private entry = (ticket: string): EntryRow | undefined =>
    this.sql.exec<EntryRow>('SELECT * FROM entry WHERE ticket = ?', ticket).toArray()[0];
  private round = (id: number): RoundRow | undefined =>
    this.sql.exec<RoundRow>('SELECT * FROM round WHERE id = ?', id).toArray()[0];
  private members = (round: number): EntryRow[] =>
    this.sql.exec<EntryRow>('SELECT * FROM entry WHERE round = ? ORDER BY at, ticket', round).toArray();

  /** How many are waiting now (not yet seated): cheap, one indexed read. */
  waiting(): number {
    return this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM entry e JOIN round r ON r.id = e.round WHERE r.done = 0').one().n;
  }

  /** Whether this shard knows the ticket (a retried request goes back to its shard). */
  knows(ticket: string): boolean {
    return this.entry(ticket) !== undefined;
  }

  /**
   * Sit `name` down for a `players` table and answer once seated. `ticket`: the client's own
   * secret for this request; the same ticket again gets the same seat.
   */
  async enter(ticket: string, name: string, players: number, windowMs: number, cap: number, now = Date.now()): Promise<Entered> {
    let e = this.entry(ticket);
    if (!e) {
      const recent = this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM entry WHERE at > ?', now - windowMs).one().n;
      if (recent >= cap) return { ok: false, moved: true };
      // Synchronous from here to the insert: no other request can slip in between.
      let r = this.sql.exec<RoundRow>('SELECT * FROM round WHERE done = 0 AND match IS NULL ORDER BY id LIMIT 1').toArray()[0];
      const opened = !r;
      if (!r) {
        const id = this.sql.exec<{ id: number }>('INSERT INTO round (players, endsAt) VALUES (?, ?) RETURNING id', players, now + windowMs).one().id;
        r = this.round(id)!;
      }
      const taken = this.members(r.id).map((m) => m.name);
      this.sql.exec('INSERT INTO entry (ticket, name, at, round) VALUES (?, ?, ?, ?)', ticket, distinctName(name, taken), now, r.id);
      e = this.entry(ticket)!;
      if (opened) {
        const armed = await this.ctx.storage.getAlarm();
        if (armed === null || armed > r.endsAt) await this.ctx.storage.setAlarm(r.endsAt);
      }
      if (taken.length + 1 >= r.players) await this.seat(r.id);
    }
    const r = this.round(e.round)!;
    if (!r.done) {
      // After a restart nothing else may seat a round whose window has passed: this request does.
      if (r.match !== null || r.endsAt <= Date.now()) await this.seat(r.id);
      else await new Promise<void>((resolve) => this.waiters.set(r.id, [...(this.waiters.get(r.id) ?? []), resolve]));
    }
    const seated = this.entry(ticket)!;
    const match = this.round(seated.round)!.match!;
    return { ok: true, seat: { id: match, url: `/m/${match}`, seat: seated.seat!, token: seated.token! } };
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
    let r = this.round(roundId)!;
    if (r.done) return this.wake(roundId);
    if (r.match === null) {
      // One synchronous step: the match id, every seat and every token are written together.
      const id = newMatchId();
      this.members(roundId).forEach((m, seat) => this.sql.exec('UPDATE entry SET seat = ?, token = ? WHERE ticket = ?', seat, newToken(), m.ticket));
      this.sql.exec('UPDATE round SET match = ? WHERE id = ?', id, roundId);
      r = this.round(roundId)!;
    }
    const members = this.members(roundId);
    const people: Seated[] = await Promise.all(members.map(async (m) => ({ seat: m.seat!, name: m.name, tokenHash: await hashToken(m.token!) })));
    const stub = this.env.MATCH.getByName(r.match!);
    if (!(await stub.summary())) {
      const bots: MatchConfig['bots'] = {};
      for (let s = people.length; s < r.players; s++) bots[String(s)] = BOT_LEVEL;
      const config: MatchConfig = {
        id: r.match!, players: r.players, bots, clock: null, seed: randomSeed(), seeded: false, public: false, botDelayMs: 800,
        takeover: 'greedy', awayMs: 30_000, idleMs: 300_000, createdAt: Date.now(),
      };
      await stub.create(config, null, people);
      logEvent('created', { match: r.match!, quick: true, people: people.length });
    }
    this.sql.exec('UPDATE round SET done = 1 WHERE id = ?', roundId);
    this.wake(roundId);
  }

  private wake(roundId: number): void {
    for (const resolve of this.waiters.get(roundId) ?? []) resolve();
    this.waiters.delete(roundId);
  }

  /** The window's end: seat every round whose window has passed. A second delivery finds them done. */
  override async alarm(): Promise<void> {
    const now = Date.now();
    const due = this.sql.exec<RoundRow>('SELECT * FROM round WHERE done = 0 AND endsAt <= ?', now + 50).toArray();
    for (const r of due) await this.seat(r.id);
    const old = now - KEEP_MS;
    this.sql.exec('DELETE FROM entry WHERE round IN (SELECT id FROM round WHERE done = 1 AND endsAt < ?)', old);
    this.sql.exec('DELETE FROM round WHERE done = 1 AND endsAt < ?', old);
    const next = this.sql.exec<{ at: number | null }>('SELECT MIN(endsAt) AS at FROM round WHERE done = 0').one().at;
    const left = this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM round').one().n;
    if (next !== null) await this.ctx.storage.setAlarm(next);
    else if (left) await this.ctx.storage.setAlarm(now + KEEP_MS);
  }
}
