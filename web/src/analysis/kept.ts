// A finished analysis kept in the browser: it takes the workers seconds to tens of seconds, and
// a finished match's analysis never changes (a fixed seed), so a reload, the way back from the
// replay or a visit tomorrow shows it at once. It is thrown away when the analysis's code changes:
// this module's address names the build of its chunk, whose hash follows the worker's.
import type { Analysis } from '../../../shared/bots/analysis';
import { get, set } from '../store';

/** Analyses kept at once (each a few KB); the oldest goes first. */
const KEEP = 8;
const PREFIX = 'dm.analysis.';
const BUILD = import.meta.url;

interface Kept { build: string; at: number; a: Analysis; ms: number }

/** The analysis of match `id` this build worked out before, with how long it took, or null. */
export function keptAnalysis(id: string): { a: Analysis; ms: number } | null {
  try {
    const k = JSON.parse(get(PREFIX + id) ?? 'null') as Kept | null;
    return k && k.build === BUILD ? { a: k.a, ms: k.ms } : null;
  } catch {
    return null;
  }
}

export function keepAnalysis(id: string, a: Analysis, ms: number): void {
  const old: { key: string; at: number }[] = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key?.startsWith(PREFIX) || key === PREFIX + id) continue;
      const k = JSON.parse(get(key) ?? 'null') as Kept | null;
      old.push({ key, at: k?.build === BUILD ? k.at : 0 });
    }
  } catch { /* no storage: nothing kept */ }
  old.sort((x, y) => y.at - x.at).slice(KEEP - 1).forEach(({ key }) => set(key, null));
  set(PREFIX + id, JSON.stringify({ build: BUILD, at: Date.now(), a, ms } satisfies Kept));
}
