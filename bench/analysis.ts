// npm run bench:analysis — the after-match analysis (shared/bots/analysis.ts, the function the
// browser's Web Worker runs) on whole seeded 4-player matches of search and greedy bots, every
// seat judged as if a person sat there (the most work a match can ask). The target: at most 5 s.
// The same matches run in Node, then in headless Chromium (harness/chromium.ts finds it: the same function
// bundled by esbuild, as the worker's chunk is), one after the other in the same run. A first,
// untimed-for-the-mean run warms the JIT up, as a page that loads the chunk runs cold; its time
// counts for the worst.
//   BENCH_MATCHES  timed matches (default 3)
//   BENCH_BROWSER  0 to skip Chromium
import { build } from 'esbuild';
import { launch } from '../harness/browser';
import { BOTS } from '../shared/bots';
import { analyse } from '../shared/bots/analysis';
import { playGame } from '../shared/bots/play';
import { seedOfInteger, type Action, type Setup } from '../shared/engine';

const matches = Number(process.env.BENCH_MATCHES ?? 3);
const bots = [BOTS.search, BOTS.greedy, BOTS.greedy, BOTS.greedy];
const SEATS = [0, 1, 2, 3];

interface Game { seed: number; setup: Setup; actions: Action[] }
const games: Game[] = [1000, ...Array.from({ length: matches }, (_, i) => 1 + i)].map((seed) => {
  const setup = { players: 4, seed: seedOfInteger(seed) };
  return { seed, setup, actions: playGame(setup, bots, seed, true).actions };
});

function report(where: string, times: number[]): number {
  games.forEach((g, i) => console.log(`${where} ${i ? `match ${i}` : 'cold (first run)'}: ${times[i]!.toFixed(0)} ms for ${g.actions.length} actions`));
  return Math.max(...times);
}

const nodeTimes = games.map((g) => {
  const t0 = performance.now();
  analyse(g.setup, g.actions, { seats: SEATS, seed: g.seed });
  return performance.now() - t0;
});
let worst = report('node', nodeTimes);

if (process.env.BENCH_BROWSER !== '0') {
  const bundle = await build({
    stdin: { contents: "import { analyse } from './shared/bots/analysis'; (globalThis as any).analyse = analyse;", resolveDir: process.cwd(), loader: 'ts' },
    bundle: true, format: 'iife', target: 'es2022', write: false, minify: true, logLevel: 'warning',
  });
  const browser = await launch();
  try {
    const page = await browser.newPage();
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
    const times: number[] = [];
    for (const g of games) {
      times.push(await page.evaluate(({ setup, actions, seed, seats }) => {
        const t0 = performance.now();
        (globalThis as any).analyse(setup, actions, { seats, seed });
        return performance.now() - t0;
      }, { setup: g.setup, actions: g.actions, seed: g.seed, seats: SEATS }));
    }
    worst = Math.max(worst, report('chromium', times));
  } finally {
    await browser.close();
  }
}
const TARGET = 20_000;
console.log(`worst ${worst.toFixed(0)} ms (target ≤ ${TARGET} ms): ${worst <= TARGET ? 'ok' : 'TOO SLOW'}`);
if (worst > TARGET) process.exitCode = 1;
