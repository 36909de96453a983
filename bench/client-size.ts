// Build the web client and print the raw and gzip size of every JS and CSS
// file in web/dist, and the totals. What counts against the budget is what a
// page loads: the entry chunk and every chunk it imports (the match page is in
// them), and index.html's inline script; chunks loaded on demand (the rules page) are listed apart. Fails when
// that JS is over the budget, or
// when the bundle holds any game rules: of shared/, only the card catalogue and
// the cards' full texts (data) and protocol pieces with no rules in them (the patch applier, chat's cleaning, the
// reaction phrases, the name check, the HTTP contract's levels and defaults, a table's words) may be in it.
//   node scripts/run.mjs bench/client-size.ts      (npm run bench:client)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

/** The JS a page loads, gzip: issue 39's 25 KB (24.97 KB once Vite's preload helper gave way to four lines and the lobby's calls left, 2026-12-07). */
const BUDGET_JS_GZIP = 25 * 1024;
const DIST = 'web/dist';

const out = await build({ configFile: 'web/vite.config.ts', logLevel: 'warn', build: { manifest: true } });
const chunks = (Array.isArray(out) ? out : [out]).flatMap((o) => ('output' in o ? o.output : []));
const bundled = chunks.flatMap((c) => (c.type === 'chunk' ? Object.keys(c.modules) : []));
const shared = [...new Set(bundled.filter((m) => m.includes('/shared/')).map((m) => m.slice(m.indexOf('/shared/') + 1)))];
const ALLOWED = ['shared/engine/catalog.ts', 'shared/engine/texts/index.ts', 'shared/engine/texts/minions.ts',
  'shared/engine/texts/heroes.ts', 'shared/engine/texts/locations.ts', 'shared/protocol/patch.ts', 'shared/protocol/emotes.ts', 'shared/protocol/names.ts',
  'shared/protocol/http.ts', 'shared/protocol/levels.ts', 'shared/protocol/chat.ts',
  // A table and an invitation in words (names, counts, a measured length), and a free name for the join form.
  'shared/protocol/table-words.ts', 'shared/protocol/invitation.ts', 'shared/protocol/free-name.ts',
  // The analysis page adds up its Web Workers' sums (means and margins) and decides from them
  // which positions get more worlds: statistics, no rules.
  'shared/bots/parts.ts', 'shared/bots/rounds.ts'];
const rules = shared.filter((m) => !ALLOWED.includes(m));

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : [p];
  });

// The manifest names the entry and what each chunk imports, statically or on demand.
interface Entry { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, Entry>;
const loaded = new Set<string>();
const lazy = new Set<string>();
const walk = (key: string, into: Set<string>) => {
  const e = manifest[key]!;
  if (loaded.has(e.file) || into.has(e.file)) return;
  into.add(e.file);
  for (const k of e.imports ?? []) walk(k, into);
  if (into === loaded) for (const k of e.dynamicImports ?? []) walk(k, lazy);
};
// The entry is the module script index.html names (when the entry's module is put in a chunk group,
// the manifest no longer marks it `isEntry`).
const html = readFileSync(join(DIST, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<script type="module"[^>]*src="\/([^"]+)"/g)].map((m) => m[1]!);
for (const [k, e] of Object.entries(manifest)) if (e.isEntry || entries.includes(e.file)) walk(k, loaded);
if (!loaded.size) throw new Error(`index.html names no module script of the manifest: ${entries.join(', ')}`);
for (const f of loaded) lazy.delete(f);
// A Web Worker's chunk (the analysis and hints: web/src/analysis/worker.ts) is built apart and is not
// in the manifest; nothing the entry imports loads it, so like every JS file the entry does not
// reach, it is counted as on demand.
const onDemandFile = (file: string) => lazy.has(file) || (file.endsWith('.js') && !loaded.has(file));

const kb = (n: number) => `${(n / 1024).toFixed(2)} KB`.padStart(10);
const rows = files(DIST)
  .filter((f) => /\.(js|css|svg)$/.test(f))
  .map((f) => {
    const data = readFileSync(f);
    const file = relative(DIST, f);
    return { file, raw: data.length, gzip: gzipSync(data, { level: 9 }).length, js: f.endsWith('.js') && !onDemandFile(file), lazy: onDemandFile(file) };
  })
  .sort((a, b) => b.gzip - a.gzip);
// index.html's inline script (it opens a seat's socket before the files arrive) is JS every page
// loads too: counted as if it were a file of its own.
for (const [, code] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
  const data = Buffer.from(code!);
  rows.push({ file: 'index.html (inline script)', raw: data.length, gzip: gzipSync(data, { level: 9 }).length, js: true, lazy: false });
}

console.log(`${'file'.padEnd(36)}${'raw'.padStart(10)}${'gzip'.padStart(10)}`);
for (const r of rows) console.log(`${r.file.padEnd(36)}${kb(r.raw)}${kb(r.gzip)}${r.lazy ? '  (on demand)' : ''}`);
const sum = (rs: typeof rows, k: 'raw' | 'gzip') => rs.reduce((s, r) => s + r[k], 0);
const js = rows.filter((r) => r.js);
const onDemand = rows.filter((r) => r.lazy);
console.log(`${'JS a page loads'.padEnd(36)}${kb(sum(js, 'raw'))}${kb(sum(js, 'gzip'))}`);
console.log(`${'JS on demand'.padEnd(36)}${kb(sum(onDemand, 'raw'))}${kb(sum(onDemand, 'gzip'))}`);
console.log(`${'everything (JS, CSS, sprite)'.padEnd(36)}${kb(sum(rows, 'raw'))}${kb(sum(rows, 'gzip'))}`);
console.log(`from shared/: ${shared.join(', ') || 'nothing'}`);
if (rules.length) {
  console.error(`The client must hold no rules, but bundles ${rules.join(', ')}.`);
  process.exitCode = 1;
}
if (sum(js, 'gzip') > BUDGET_JS_GZIP) {
  console.error(`JS is over the ${BUDGET_JS_GZIP / 1024} KB gzip budget.`);
  process.exit(1);
}
