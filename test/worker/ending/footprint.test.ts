// What one match costs in storage, measured (docs/OPERATIONS.md, capacity): the SQLite
// database of whole 4-player matches, and the bytes of their action log per move. The bounds
// are loose on purpose (a regression by a multiple fails; the figures printed are the measure).
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { SLOW } from '../../slow';
import { createMatch, driveToEnd, join, stub } from '../helpers';

const sizes = (id: string) => runInDurableObject(stub(id), (_m, s) => {
  const sql = s.storage.sql;
  return {
    db: sql.databaseSize,
    actions: sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM actions').one().n,
    logBytes: sql.exec<{ n: number }>('SELECT COALESCE(SUM(LENGTH(json)), 0) AS n FROM actions').one().n,
    stateBytes: sql.exec<{ n: number }>('SELECT LENGTH(json) AS n FROM state').one().n,
  };
});

describe('storage of a whole 4-player match', () => {
  it('stays within 256 KB of SQLite and 1 KB of log per move', SLOW, async () => {
    const rows = [];
    for (let i = 0; i < 4; i++) {
      const id = await createMatch({ players: 4, bots: { 0: 'greedy', 1: 'greedy', 2: 'greedy', 3: 'greedy' }, botDelayMs: 0 });
      const g = await driveToEnd(id);
      expect(g.over).toBe(true);
      rows.push(await sizes(id));
    }
    // A match made and never started (the kind a day's retention deletes): one person seated.
    const waiting = await createMatch({ players: 4, bots: { 1: 'greedy' } });
    await join(waiting, 'Ann');
    const idle = await runInDurableObject(stub(waiting), (_m, s) => s.storage.sql.databaseSize);
    expect(idle).toBeLessThan(64 * 1024);
    const actions = rows.reduce((n, r) => n + r.actions, 0);
    const perMove = rows.reduce((n, r) => n + r.db, 0) / actions;
    console.log(JSON.stringify({
      waitingDb: idle, matches: rows, meanDb: rows.reduce((n, r) => n + r.db, 0) / rows.length, meanActions: actions / rows.length,
      dbPerMove: Math.round(perMove), logBytesPerMove: Math.round(rows.reduce((n, r) => n + r.logBytes, 0) / actions),
    }));
    for (const r of rows) {
      expect(r.db).toBeLessThan(256 * 1024);
      expect(r.logBytes / r.actions).toBeLessThan(1024);
    }
  });
});
