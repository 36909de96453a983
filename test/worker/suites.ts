/// <reference types="vite/types/importMeta.d.ts" />
// A folder of worker test files (or two small ones) runs as one Vitest file, in one workerd: a file of its own cost each
// ~2 s of workerd starting and loading the worker's ~150 modules, more than most files' tests
// (docs/DEVELOPING.md, "Running one test"). Each file is still a suite named for it, so
// `npx vitest run test/worker/table.test.ts -t clock` runs one file's tests.
import { describe } from 'vitest';

/**
 * Every file import.meta.glob found, each as the suite of its own name (its tests, its hooks);
 * the files named in `first` before the others: in the vitest pool each object woken costs more
 * than the one before, so a file that wakes many objects runs before the others have woken theirs
 * (unknown ids: 1.3 s first, 9 s last).
 */
export function suites(files: Record<string, () => Promise<unknown>>, first: string[] = []): void {
  const found = Object.entries(files).map(([path, load]) => ({ name: path.replace(/^.*\/|\.test\.ts$/g, ''), load }));
  if (!found.length) throw new Error('no test files found in this folder');
  for (const name of first) if (!found.some((f) => f.name === name)) throw new Error(`no test file ${name} in this folder`);
  const rank = (name: string) => (first.includes(name) ? first.indexOf(name) : first.length);
  for (const f of found.sort((a, b) => rank(a.name) - rank(b.name))) describe(f.name, async () => { await f.load(); });
}
