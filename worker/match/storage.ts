// The match's SQLite storage. Everything the match knows lives here, so the
// object can be evicted (hibernation) at any moment and resume from it.
//
//   meta(key, value)            JSON values: 'config', 'due' (the alarm's job), 'presence' and 'since'
//                               (who is away, when the pending decision began: presence.ts), 'rematch',
//                               'holds' (a rematch's held seats, holds.ts), 'unlisted' (listing.ts),
//                               'players' and 'unrecorded' (the seats' identified players, and a list
//                               still to write: table/players.ts)
//   seats(seat, kind, name, level, token_hash)
//   state(id = 0, version, json) a snapshot of the engine's GameState (see commit), one row
//   actions(version, seat, json, at) the ordered action log; version = the state version it produced
import { apply, type Action, type GameState } from '../../shared/engine';
import type { BotLevel, SeatKind } from '../../shared/protocol';
import type { MatchConfig, SeatRow } from '../shared/config';

/** Actions between two stored snapshots of the state (at most that many are replayed on wake). */
const SNAPSHOT_EVERY = 16;

export class MatchStore {
  // Tables are made by create() only: an object woken for an id that names no match (a guessed
  // link, a typo) must store nothing, and CREATE TABLE on every wake stored an object for each.
  constructor(private sql: SqlStorage, private storage: DurableObjectStorage) {}

  /** Whether this object holds a match: read once per wake (a read of sqlite_master writes nothing). */
  private made: boolean | undefined;

  exists(): boolean {
    this.made ??= this.sql.exec(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'`).toArray().length > 0;
    return this.made;
  }

  /** The match's tables, by create() before its first write. */
  init(): void {
    this.sql.exec(`
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS seats (seat INTEGER PRIMARY KEY, kind TEXT NOT NULL, name TEXT NOT NULL,
        level TEXT, token_hash TEXT);
      CREATE TABLE IF NOT EXISTS state (id INTEGER PRIMARY KEY CHECK (id = 0), version INTEGER NOT NULL, json TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS actions (version INTEGER PRIMARY KEY, seat INTEGER NOT NULL, json TEXT NOT NULL, at INTEGER NOT NULL);
    `);
    this.made = true;
  }

  // Meta values are read several times per action (the alarm's job, presence, the views' scene),
  // and in workerd every SQL call costs more than the rules do: keep them in memory, written
  // through, parsed once. Memory is only a cache: after hibernation it is read again.
  private meta = new Map<string, { json: string; value: unknown } | null>();

  /** Frozen (deeply), so a caller's changes can reach storage only through setMeta. */
  getMeta<T>(key: string): T | null {
    let cached = this.meta.get(key);
    if (cached === undefined) {
      if (!this.exists()) return null;
      const json = this.sql.exec<{ value: string }>('SELECT value FROM meta WHERE key = ?', key).toArray()[0]?.value;
      cached = json === undefined ? null : { json, value: deepFreeze(JSON.parse(json)) };
      this.meta.set(key, cached);
    }
    return cached === null ? null : (cached.value as T);
  }

  /** Writes nothing when the value is the one stored. */
  setMeta(key: string, value: unknown): void {
    const json = JSON.stringify(value);
    if (this.meta.get(key)?.json === json) return;
    this.sql.exec('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)', key, json);
    this.meta.set(key, { json, value: deepFreeze(JSON.parse(json)) });
  }

  deleteMeta(key: string): void {
    this.sql.exec('DELETE FROM meta WHERE key = ?', key);
    this.meta.set(key, null);
  }

  /** Forget everything cached: the storage was deleted (retention.ts), and this object holds no match now. */
  forget(): void {
    this.made = undefined;
    this.meta.clear();
    this.last = undefined;
  }

  seats(): SeatRow[] {
    if (!this.exists()) return [];
    return this.sql.exec<{ seat: number; kind: string; name: string; level: string | null; token_hash: string | null }>(
      'SELECT seat, kind, name, level, token_hash FROM seats ORDER BY seat',
    ).toArray().map((r) => ({
      seat: r.seat, kind: r.kind as SeatKind, name: r.name, level: r.level as BotLevel | null, tokenHash: r.token_hash,
    }));
  }

  putSeat(s: SeatRow): void {
    this.sql.exec('INSERT OR REPLACE INTO seats (seat, kind, name, level, token_hash) VALUES (?, ?, ?, ?, ?)',
      s.seat, s.kind, s.name, s.level, s.tokenHash);
  }

  /** The latest snapshot, brought up to date with the actions logged after it (the engine is deterministic). */
  loadState(): GameState | null {
    if (!this.exists()) return null;
    const row = this.sql.exec<{ version: number; json: string }>('SELECT version, json FROM state WHERE id = 0').toArray()[0];
    if (!row) return null;
    let g = JSON.parse(row.json) as GameState;
    for (const r of this.sql.exec<{ json: string }>('SELECT json FROM actions WHERE version > ? ORDER BY version', row.version)) {
      const next = apply(g, JSON.parse(r.json) as Action);
      if (!next.ok) throw new Error(`stored action ${g.version + 1} does not replay: ${next.error.message}`);
      g = next.state;
    }
    return g;
  }

  /** The first state, at start. */
  saveState(g: GameState): void {
    this.sql.exec('INSERT OR REPLACE INTO state (id, version, json) VALUES (0, ?, ?)', g.version, JSON.stringify(g));
  }

  /**
   * Record an action. The log is the truth: the state is a snapshot taken every
   * SNAPSHOT_EVERY actions and at the end, and loadState replays what came
   * after it, so an action costs one small row, not the whole state. The
   * primary key on actions.version makes a second write of the same version
   * fail: an action can never be recorded twice.
   */
  commit(action: Action, next: GameState): void {
    const at = Date.now();
    const write = () => {
      this.sql.exec('INSERT INTO actions (version, seat, json, at) VALUES (?, ?, ?, ?)',
        next.version, action.seat, JSON.stringify(action), at);
      if (next.over || next.version % SNAPSHOT_EVERY === 0) {
        this.sql.exec('UPDATE state SET version = ?, json = ? WHERE id = 0', next.version, JSON.stringify(next));
      }
    };
    if (next.over || next.version % SNAPSHOT_EVERY === 0) this.storage.transactionSync(write);
    else write();
    this.last = { version: next.version, at };
  }

  /** The last action stored: its version and when (a finished match: when it ended); null before the first. */
  private last: { version: number; at: number } | null | undefined;

  lastAction(): { version: number; at: number } | null {
    if (this.last === undefined) {
      if (!this.exists()) return null;
      this.last = this.sql.exec<{ version: number; at: number }>('SELECT version, at FROM actions ORDER BY version DESC LIMIT 1').toArray()[0] ?? null;
    }
    return this.last;
  }

  lastActionAt(): number | null {
    return this.lastAction()?.at ?? null;
  }

  actions(): Action[] {
    if (!this.exists()) return [];
    return this.sql.exec<{ json: string }>('SELECT json FROM actions ORDER BY version').toArray()
      .map((r) => JSON.parse(r.json) as Action);
  }
}

function deepFreeze<T>(v: T): T {
  if (v !== null && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}
