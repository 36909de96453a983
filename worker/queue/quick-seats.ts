// Quick match (worker/queue/queue.ts): the shapes passed between the queue and the match it seats.
import { freeName, nameKey } from '../../shared/protocol';


/** People who ask for one size of table, moving on to the next shard past QUICK_SHARD_CAP arrivals a window. */
export const MAX_SHARDS = 16;

export const shardName = (players: number, k: number): string => `quick-${players}-${k}`;

/**
 * Strangers may share a name; at one table two names must read differently (worker/match/table/naming.ts),
 * so a later arrival gets the next free number, as a join's suggestion does (freeName: within 24 characters).
 */
export function distinctName(name: string, taken: string[]): string {
  const keys = new Set(taken.map(nameKey));
  return freeName(name, (n) => keys.has(nameKey(n)));
}
