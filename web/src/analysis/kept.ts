// A finished analysis kept in the browser: it takes the workers seconds to tens of seconds, and
// a finished match's analysis never changes (a fixed seed), so a reload, the way back from the
// replay or a visit tomorrow shows it at once. It is thrown away when the analysis's code changes:
// this module's address names the build of its chunk, whose hash follows the worker's.
import type { Analysis } from '../../../shared/bots/analysis';
import { get, keysUnder, set } from '../store';

/** Analyses kept at once (each a few KB); the oldest goes first. */
const KEEP = 8;
const PREFIX = 'dm.analysis.';
const BUILD = import.meta.url;

interface Kept { build: string; at: number; a: Analysis; ms: number }

/** What is kept for match `id` by this build, or null (none, another build's, unreadable). */
function read(id: string): Kept | null {
  try {
    const k = JSON.parse(get(PREFIX + id) ?? 'null') as Kept | null;
    return k?.build === BUILD ? k : null;
  } catch {
    return null;
  }
}

/** The analysis of match `id` this build worked out before, with how long it took, or null. */
export function keptAnalysis(id: string): { a: Analysis; ms: number } | null {
  const k = read(id);
  return k && { a: k.a, ms: k.ms };
}

export function keepAnalysis(id: string, a: Analysis, ms: number): void {
  // The others, newest first (another build's count as oldest); past the KEEP - 1 newest they go.
  keysUnder(PREFIX).filter((other) => other !== id)
    .map((other) => ({ other, at: read(other)?.at ?? 0 }))
    .sort((x, y) => y.at - x.at).slice(KEEP - 1)
    .forEach(({ other }) => set(PREFIX + other, null));
  set(PREFIX + id, JSON.stringify({ build: BUILD, at: Date.now(), a, ms } satisfies Kept));
}
