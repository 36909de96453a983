// node bench/engine-vs.mjs <commit> [seconds] [other]: random 4-player games per second (engine
// only, as the first row of `npm run bench`) of this tree's engine (or the one at commit <other>)
// against the engine at <commit>. Both
// are bundled and loaded into one process and run in turn, a quarter second each, so a shared
// machine's load falls on both alike; each pair of slices gives a ratio, and the medians are
// printed. Rates are per second of wall time and per second of the process's CPU.
// ENGINE_PLAYERS (default 4).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [commit, secondsArg, other] = process.argv.slice(2);
if (!commit) {
  console.error('usage: node bench/engine-vs.mjs <commit> [seconds]');
  process.exit(2);
}
const seconds = Number(secondsArg ?? 20);
const players = Number(process.env.ENGINE_PLAYERS ?? 4);
const cache = resolve('node_modules', '.cache', 'darkmoor', 'vs');
// A commit's engine sources (shared/ holds the engine and all it imports), with this tree's loop.
const checkout = (rev, name) => {
  const dir = join(cache, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'bench'), { recursive: true });
  execFileSync('sh', ['-c', `git archive ${rev} shared | tar -x -C ${dir}`]);
  execFileSync('cp', ['bench/engine-loop.ts', join(dir, 'bench')]);
  return join(dir, 'bench', 'engine-loop.ts');
};
const bundle = async (entry, name) => {
  const outfile = join(cache, name);
  await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile, packages: 'external', logLevel: 'warning' });
  return import(pathToFileURL(outfile).href);
};
const engines = {
  base: await bundle(checkout(commit, 'base'), 'base.mjs'),
  head: await bundle(other ? checkout(other, 'other') : 'bench/engine-loop.ts', 'head.mjs'),
};

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
  `${commit} wall ${f(rate('base', 'wall'))}, CPU ${f(rate('base', 'cpu'))}; ${other ?? 'this'} wall ${f(rate('head', 'wall'))}, CPU ${f(rate('head', 'cpu'))}; ` +
  `ratio wall ×${ratio('wall').toFixed(2)}, CPU ×${ratio('cpu').toFixed(2)}`);
