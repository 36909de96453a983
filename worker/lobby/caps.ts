// What a waiting match counts against, from its creation until it starts or is deleted, so the
// caps hold over time and not only at creation: a public match, its creator's places among the
// waiting public ones (lobby.ts, listed or not); a private match people will join, its creator's
// unstarted private ones (quota.ts). A rematch counts against the address that asked for it.
import type { Refusal } from '../../shared/protocol';
import { privateWaitingPerAddress, publicWaitingPerAddress, unstartedRetentionMs } from '../shared/limits';
import { lobby } from './lobby';
import { logEvent } from '../shared/log';
import type { MatchConfig } from '../shared/config';

export const publicCapMessage = (waiting: number): string =>
  `This address has ${waiting} public matches waiting for players already, the most it may. `
  + 'Each counts until it starts, or until it is deleted a day after it was made; play one of them, or make this one private.';

export const privateCapMessage = (held: number): string =>
  `This address has ${held} private matches nobody has started yet, the most it may. `
  + 'Play one of them (the landing page lists yours), or wait: an unstarted match is deleted a day after it was made.';

/** People will sit at it: some seat is not a bot's. */
export const awaitsPeople = (config: Pick<MatchConfig, 'players' | 'bots'>): boolean =>
  Object.keys(config.bots).length < config.players;

/** A rematch's config, counted against `client` (a shared/address.ts clientKey), or why it may not be made. */
export async function countRematch(env: Env, config: MatchConfig, client: string): Promise<{ config: MatchConfig } | { refusal: Refusal }> {
  const { quota: _theirs, ...next } = config;
  if (next.public) {
    const place = await lobby(env).reserve(next.id, next.createdAt, client, publicWaitingPerAddress(env));
    return place.ok ? { config: next } : refused(publicCapMessage(place.waiting));
  }
  if (!awaitsPeople(next)) return { config: next };
  const quota = env.QUOTA.idFromName(client);
  const held = await env.QUOTA.get(quota).hold({ id: next.id, cap: privateWaitingPerAddress(env), keepMs: unstartedRetentionMs(env) });
  if (held.ok) return { config: { ...next, quota: quota.toString() } };
  return refused(privateCapMessage('held' in held ? held.held : 0));
}

function refused(message: string): { refusal: Refusal } {
  logEvent('refused', { code: 'too-many-waiting', where: 'POST /api/matches/:id/rematch' });
  return { refusal: { code: 'too-many-waiting', message } };
}

/** The match started or is deleted: it no longer counts against its creator's private matches. */
export async function releaseHold(env: Env, config: MatchConfig): Promise<void> {
  if (!config.quota) return;
  try {
    await env.QUOTA.get(env.QUOTA.idFromString(config.quota)).release(config.id);
  } catch (e) {
    // The row goes by itself once its match would be deleted anyway.
    logEvent('failed', { match: config.id, where: 'quota release', code: 'internal', message: String(e) });
  }
}
