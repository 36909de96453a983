// The featured table's own match (`GET /api/tv`): when nobody plays in public, /tv still shows a
// table, four bots playing. One House object ("house") keeps the id of the current one and makes
// the next when it is over; calls are answered one after another, so two at once never make two.
// The match is private (never listed) and flagged `watched`: its bots move only while a spectator
// socket is open (`paused`), so a house match nobody watches costs no alarm and no storage.
// It is made by no client address, so it spends no address's quota or list places.
import { DurableObject } from 'cloudflare:workers';
import type { BotLevel } from '../../shared/protocol';
import { newMatchId, randomSeed } from '../shared/ids';
import type { MatchConfig } from '../shared/config';

/** The house bots' pace unless the server's vars say otherwise (TV_BOT_DELAY_MS). */
const DEFAULT_DELAY_MS = 1500;
const LEVELS: BotLevel[] = ['search', 'greedy', 'search', 'greedy'];

export const houseDelayMs = (env: Env): number => {
  const n = Number(env.TV_BOT_DELAY_MS);
  return env.TV_BOT_DELAY_MS && Number.isInteger(n) && n >= 0 && n <= 5000 ? n : DEFAULT_DELAY_MS;
};

/** A fresh house match's config: four bots, a random deal (never a chosen seed), private, watched-only. */
export function houseConfig(env: Env, now = Date.now()): MatchConfig {
  return {
    id: newMatchId(), players: 4, bots: Object.fromEntries(LEVELS.map((l, s) => [String(s), l])), clock: null,
    seed: randomSeed(), seeded: false, public: false, botDelayMs: houseDelayMs(env), takeover: 'greedy',
    watched: true, createdAt: now,
  };
}

export class House extends DurableObject<Env> {
  private queue: Promise<unknown> = Promise.resolve();

  /** The current house match's id: the stored one while it is not over, else a new one. */
  current(): Promise<string> {
    const next = this.queue.then(() => this.pick());
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async pick(): Promise<string> {
    const stored = await this.ctx.storage.get<string>('match');
    if (stored) {
      const s = await this.env.MATCH.getByName(stored).summary();
      if (s && s.status !== 'over') return stored;
    }
    const config = houseConfig(this.env);
    await this.env.MATCH.getByName(config.id).create(config);
    await this.ctx.storage.put('match', config.id);
    // How many the house has made: a figure for the log and the tests (it only grows as matches end).
    await this.ctx.storage.put('made', ((await this.ctx.storage.get<number>('made')) ?? 0) + 1);
    return config.id;
  }

  made(): Promise<number> {
    return this.ctx.storage.get<number>('made').then((n) => n ?? 0);
  }
}

export const house = (env: Env) => env.HOUSE.getByName('house');
