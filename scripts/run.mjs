// node scripts/run.mjs <entry.ts> [args...]: bundle a TypeScript entry with
// esbuild and run it. Bundled code runs as it ships (tsx's per-module export
// getters cost the engine a third of its speed), so the simulator and the
// benchmarks measure the real thing.
import { build } from 'esbuild';
import { mkdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run.mjs <entry.ts> [args...]');
  process.exit(2);
}
const dir = join('node_modules', '.cache', 'darkmoor');
mkdirSync(dir, { recursive: true });
// One bundle per process: two runs of one entry at once must not overwrite each other's.
const outfile = join(dir, `${basename(entry, '.ts')}-${process.pid}.mjs`);
await build({
  entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile,
  packages: 'external', logLevel: 'warning', sourcemap: 'inline',
});
process.argv = [process.argv[0], entry, ...args];
try {
  await import(pathToFileURL(outfile).href);
} finally {
  rmSync(outfile, { force: true }); // loaded by now
}
