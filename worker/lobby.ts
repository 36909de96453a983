// The index of public matches still waiting for players: ids only. Each match
// owns its own summary; the list route asks the matches themselves, so the
// index never holds another match's state and never goes stale in content.
import { DurableObject } from 'cloudflare:workers';

/** Waiting matches older than this drop out of the public list. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

export class Lobby extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS waiting (id TEXT PRIMARY KEY, created INTEGER NOT NULL)');
  }

  add(id: string, created: number): void {
    this.ctx.storage.sql.exec('INSERT OR REPLACE INTO waiting (id, created) VALUES (?, ?)', id, created);
  }

  remove(id: string): void {
    this.ctx.storage.sql.exec('DELETE FROM waiting WHERE id = ?', id);
  }

  /** The newest waiting match ids first. */
  list(limit: number): string[] {
    this.ctx.storage.sql.exec('DELETE FROM waiting WHERE created < ?', Date.now() - MAX_AGE_MS);
    return this.ctx.storage.sql.exec<{ id: string }>('SELECT id FROM waiting ORDER BY created DESC LIMIT ?', limit)
      .toArray().map((r) => r.id);
  }
}

export const lobby = (env: Env) => env.LOBBY.getByName('lobby');
