// Quick match (worker/queue/queue.ts): the shapes passed between the queue and the match it seats.
import { nameKey } from '../../shared/protocol';


/** People who ask for one size of table, moving on to the next shard past QUICK_SHARD_CAP arrivals a window. */
export const MAX_SHARDS = 16;

export const shardName = (players: number, k: number): string => `quick-${players}-${k}`;

/**
 * Strangers may share a name; at one table two names must read differently (worker/match/table/naming.ts),
 * so a later arrival gets a number after theirs.
 */
export function distinctName(name: string, taken: string[]): string {
  const keys = new Set(taken.map(nameKey));
  if (!keys.has(nameKey(name))) return name;
  for (let n = 2; ; n++) {
    const candidate = `${name.slice(0, 20)} ${n}`;
    if (!keys.has(nameKey(candidate))) return candidate;
  }
}
