// Time until a match page is ready in headless Chromium (Debian's, driven by
// playwright-core): from navigation to the board drawn from the server's
// first view with the socket connected, in a fresh browser context each time
// (nothing cached), against the built client served by `wrangler dev`.
//   node scripts/run.mjs bench/page-ready.ts [--loads 10]
import { parseArgs } from 'node:util';
import { launch } from '../harness/browser';
import { startServer } from '../harness/page-server';
import { call } from '../harness/node';
import { median, ms } from './lib/stats';

const { values } = parseArgs({ options: { loads: { type: 'string', default: '10' } } });
const LOADS = Number(values.loads);

const [server, browser] = await Promise.all([startServer(), launch()]);
try {
  const ready = { seat: [] as number[], watch: [] as number[] };
  const dcl: number[] = [];
  for (let i = 0; i < LOADS + 1; i++) {
    for (const kind of ['seat', 'watch'] as const) {
      // A new match in play that holds still (its bot waits 5 s); the page either holds seat 0
      // (its token in localStorage, as after "Play now") or watches.
      const id = (await call(server.http, 'POST', '/api/matches', { players: 2, bots: { 1: 'random' }, botDelayMs: 5000 })).json.id;
      const seat = (await call(server.http, 'POST', `/api/matches/${id}/join`, { name: 'Ann' })).json;
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      if (kind === 'seat') await ctx.addInitScript(([k, v]) => localStorage.setItem(k!, v!), [`dm.seat.${id}`, JSON.stringify(seat)]);
      const page = await ctx.newPage();
      const t0 = performance.now();
      await page.goto(`${server.http}/m/${id}${kind === 'watch' ? '/watch' : ''}`, { waitUntil: 'commit' });
      await page.locator('.board[data-version]').waitFor();
      await page.locator('[data-conn="connected"]').waitFor();
      if (kind === 'seat') await page.locator('.hand .opt').first().waitFor();
      const t = performance.now() - t0;
      const nav = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd);
      // The first round warms the server (its bundle, the assets) and the browser.
      if (i > 0) { ready[kind].push(t); dcl.push(nav); }
      await ctx.close();
    }
  }
  console.log(`match page in headless Chromium, ${LOADS} cold loads each (fresh context each), node ${process.version}`);
  console.log(`  a seat (board, own hand playable, socket connected): median ${ms(median(ready.seat))}, max ${ms(Math.max(...ready.seat))}`);
  console.log(`  a spectator (board, socket connected): median ${ms(median(ready.watch))}, max ${ms(Math.max(...ready.watch))}`);
  console.log(`  DOMContentLoaded: median ${ms(median(dcl))}`);
} finally {
  await browser.close();
  await server.stop();
}
