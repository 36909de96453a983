// node bench/engine-vs.mjs <commit> [seconds]: random 4-player games per second (engine only, as
// the first row of `npm run bench`) of this tree's engine against the engine at <commit>. Both
// are bundled and loaded into one process and run in turn, a quarter second each, so a shared
// machine's load falls on both alike; each pair of slices gives a ratio, and the medians are
// printed. Rates are per second of wall time and per second of the process's CPU.
// ENGINE_PLAYERS (default 4).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [commit, secondsArg] = process.argv.slice(2);
if (!commit) {
  console.error('usage: node bench/engine-vs.mjs <commit> [seconds]');
  process.exit(2);
}
const seconds = Number(secondsArg ?? 20);
const players = Number(process.env.ENGINE_PLAYERS ?? 4);
const cache = resolve('node_modules', '.cache', 'darkmoor', 'vs');
const base = join(cache, 'base');
rmSync(base, { recursive: true, force: true });
mkdirSync(join(base, 'bench'), { recursive: true });
// The base engine's sources (shared/ holds the engine and all it imports), this tree's loop.
execFileSync('sh', ['-c', `git archive ${commit} shared | tar -x -C ${base}`]);
execFileSync('cp', ['bench/engine-loop.ts', join(base, 'bench')]);
const bundle = async (entry, name) => {
  const outfile = join(cache, name);
  await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile, packages: 'external', logLevel: 'warning' });
  return import(pathToFileURL(outfile).href);
};
const engines = { base: await bundle(join(base, 'bench', 'engine-loop.ts'), 'base.mjs'), head: await bundle('bench/engine-loop.ts', 'head.mjs') };

for (let i = 0; i < 4; i++) for (const e of Object.values(engines)) e.slice(players, 250); // warm up
const got = { base: [], head: [] };
const until = performance.now() + seconds * 1000;
for (let i = 0; performance.now() < until; i++) {
  const order = i % 2 ? ['head', 'base'] : ['base', 'head'];
  for (const k of order) got[k].push(engines[k].slice(players, 250));
}
const median = (a) => { const s = [...a].sort((x, y) => x - y); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const rate = (k, key) => median(got[k].map((r) => (r.games * 1e6) / r[key]));
const ratio = (key) => median(got.head.map((h, i) => ((h.games / h[key]) / (got.base[i].games / got.base[i][key]))));
const f = (x) => x.toFixed(0);
console.log(`${players}-player games/s, ${got.base.length} pairs of slices, medians: ` +
  `${commit} wall ${f(rate('base', 'wall'))}, CPU ${f(rate('base', 'cpu'))}; this wall ${f(rate('head', 'wall'))}, CPU ${f(rate('head', 'cpu'))}; ` +
  `ratio wall ×${ratio('wall').toFixed(2)}, CPU ×${ratio('cpu').toFixed(2)}`);
