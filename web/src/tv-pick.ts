// Which match /tv follows: among the public matches in play (`GET /api/matches`'s `live`,
// newest activity first), the one with the most spectators, the most recently active among
// equals; never one just seen to end. None: null, and /tv asks for the house match of bots.
// Pure, so it is tested without a browser (test/engine/tv-pick.test.ts).

import type { LiveSummary } from '../../shared/protocol/view';

/** What /tv reads of a `live` entry (the list may be absent: an older server). */
export type LiveEntry = Pick<LiveSummary, 'id' | 'spectators'>;

export function pickLive(live: readonly LiveEntry[] | undefined, skip: readonly string[] = []): string | null {
  let best: LiveEntry | null = null;
  for (const m of live ?? []) {
    if (skip.includes(m.id) || typeof m.spectators !== 'number') continue;
    // Strictly more: among equals the earlier entry, the more recent activity, stays.
    if (!best || m.spectators > best.spectators) best = m;
  }
  return best?.id ?? null;
}
