// node bench/engine-vs.mjs <commit> [rounds]: random games per second of this tree's engine
// against the engine at <commit>, measured in turn (base, this, base, this, …) in fresh
// processes, so both meet the same load on a shared machine. Prints each pair and the medians.
// ENGINE_SECONDS, ENGINE_PLAYERS pass through to bench/engine-loop.ts.
import { build } from 'esbuild';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const [commit, roundsArg] = process.argv.slice(2);
if (!commit) {
  console.error('usage: node bench/engine-vs.mjs <commit> [rounds]');
  process.exit(2);
}
const rounds = Number(roundsArg ?? 5);
const cache = resolve('node_modules', '.cache', 'darkmoor', 'vs');
const base = join(cache, 'base');
rmSync(base, { recursive: true, force: true });
mkdirSync(base, { recursive: true });
// The base engine's sources (shared/ holds the engine and everything it imports), this tree's loop.
execFileSync('sh', ['-c', `git archive ${commit} shared | tar -x -C ${base}`]);
mkdirSync(join(base, 'bench'), { recursive: true });
execFileSync('cp', ['bench/engine-loop.ts', join(base, 'bench')]);
const bundle = (entry, name) => build({
  entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', target: 'node20',
  outfile: join(cache, name), packages: 'external', logLevel: 'warning',
}).then(() => join(cache, name));
const files = { base: await bundle(join(base, 'bench', 'engine-loop.ts'), 'base.mjs'), head: await bundle('bench/engine-loop.ts', 'head.mjs') };

const run = (file) => {
  const r = spawnSync(process.execPath, [file], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim());
};
const got = { base: [], head: [] };
const f = (x) => x.toFixed(0);
for (let i = 0; i < rounds; i++) {
  for (const k of ['base', 'head']) got[k].push(run(files[k]));
  const b = got.base[i], h = got.head[i];
  console.log(`round ${i + 1}: wall ${f(b.perSecond)} → ${f(h.perSecond)}, CPU ${f(b.perCpuSecond)} → ${f(h.perCpuSecond)} games/s (×${(h.perCpuSecond / b.perCpuSecond).toFixed(2)})`);
}
const median = (a) => { const s = [...a].sort((x, y) => x - y); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const med = (k, key) => median(got[k].map((r) => r[key]));
const ratios = got.head.map((h, i) => h.perCpuSecond / got.base[i].perCpuSecond);
console.log(`median of ${rounds}: ${commit} wall ${f(med('base', 'perSecond'))}, CPU ${f(med('base', 'perCpuSecond'))}; ` +
  `this wall ${f(med('head', 'perSecond'))}, CPU ${f(med('head', 'perCpuSecond'))} games/s; median CPU ratio ×${median(ratios).toFixed(2)}`);
