// The last view sent to each viewer (a seat, or all spectators), kept for the
// opt-in `patch` messages: the next view goes out as a diff against it. Rows
// live in SQLite beside the match, so after hibernation the next update is
// still a patch, not a full view to everyone. Every row has a serial (one
// counter for the object); a socket's attachment holds `since`, the serial of
// the view it was known to hold. A socket gets every broadcast while open, so
// one with since <= the row's serial holds the row's view: it gets a patch.
import type { View } from '../shared/protocol';

export interface SentView { serial: number; view: View; json: string }

/** Viewer key in SQL: the seat, or -1 for spectators. */
const key = (seat: number | null): number => seat ?? -1;

export class SentViews {
  private cache = new Map<number, SentView | null>();
  private top: number | undefined;

  constructor(private sql: SqlStorage) {
    sql.exec('CREATE TABLE IF NOT EXISTS sent (viewer INTEGER PRIMARY KEY, serial INTEGER NOT NULL, json TEXT NOT NULL)');
  }

  get(seat: number | null): SentView | null {
    const k = key(seat);
    if (!this.cache.has(k)) {
      const row = this.sql.exec<{ serial: number; json: string }>('SELECT serial, json FROM sent WHERE viewer = ?', k).toArray()[0];
      this.cache.set(k, row ? { serial: row.serial, json: row.json, view: JSON.parse(row.json) as View } : null);
    }
    return this.cache.get(k)!;
  }

  /** Record `view` as the one this viewer's patch sockets now hold; returns its serial. */
  put(seat: number | null, view: View, json: string): number {
    this.top ??= this.sql.exec<{ s: number | null }>('SELECT MAX(serial) AS s FROM sent').one().s ?? 0;
    const serial = ++this.top;
    this.sql.exec('INSERT OR REPLACE INTO sent (viewer, serial, json) VALUES (?, ?, ?)', key(seat), serial, json);
    this.cache.set(key(seat), { serial, view, json });
    return serial;
  }
}
