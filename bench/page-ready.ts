// Time until a match page is ready in headless Chromium (harness/chromium.ts finds it; driven by playwright-core),
// measured by the page itself: from its navigation start to the moment the board is drawn from
// the server's first view with the socket connected (a seat: its own hand playable), read by a
// MutationObserver installed before any of the page's code runs. A fresh browser context each
// time (nothing cached), against the built client and the worker as `npm start` runs them.
//
// The floor, in the same run and taken in turn with the pages: a fresh context navigates to a
// static file of the same server (the emblem sprite, no script of ours) and opens the same
// kind of socket to a match object at rest, until its first view arrives. That is what this
// machine's browser and local server cost before any of the client's own work (its files, its
// code, its drawing); the page's figure minus the floor is the client's share.
//   node scripts/run.mjs bench/page-ready.ts [--loads 10]
import { readdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { launch } from '../harness/browser';
import { startServer } from '../harness/page-server';
import { call } from '../harness/node';
import { median, ms } from './lib/stats';

const { values } = parseArgs({ options: { loads: { type: 'string', default: '10' } } });
const LOADS = Number(values.loads);
const TARGET_MS = 250;

/** Runs in the page before its scripts: marks when each sign of readiness first holds. */
function watchReadiness(seated: boolean): void {
  const marks: Record<string, number> = {};
  let done: (t: number) => void;
  // A page that never gets ready fails the run after 30 s rather than hanging it.
  (window as unknown as { __whenReady: Promise<number> }).__whenReady = new Promise((resolve, reject) => {
    done = resolve;
    setTimeout(() => reject(new Error(`not ready after 30 s: ${JSON.stringify(marks)}`)), 30_000);
  });
  const check = () => {
    const now = performance.now();
    if (!marks.board && document.querySelector('.board[data-version]')) marks.board = now;
    if (!marks.connected && document.querySelector('[data-conn="connected"]')) marks.connected = now;
    if (!marks.hand && document.querySelector('.hand .opt')) marks.hand = now;
    if (!marks.ready && marks.board && marks.connected && (!seated || marks.hand)) done(marks.ready = now);
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
}

const [server, browser] = await Promise.all([startServer(), launch()]);
try {
  const sprite = readdirSync(`${server.assets}/assets`).find((f) => f.startsWith('emblems-') && f.endsWith('.svg'));
  const ready = { seat: [] as number[], watch: [] as number[], floor: [] as number[] };
  const dcl: number[] = [];
  for (let i = 0; i < LOADS + 1; i++) {
    for (const kind of ['seat', 'watch', 'floor'] as const) {
      // A new match in play that holds still (its bot waits 5 s); the page either holds seat 0
      // (its token in localStorage, as after "Play now") or watches.
      const id = (await call(server.http, 'POST', '/api/matches', { players: 2, bots: { 1: 'random' }, botDelayMs: 5000 })).json.id;
      const seat = (await call(server.http, 'POST', `/api/matches/${id}/join`, { name: 'Ann' })).json;
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      if (kind === 'seat') await ctx.addInitScript(([k, v]) => localStorage.setItem(k!, v!), [`dm.seat.${id}`, JSON.stringify(seat)]);
      if (kind !== 'floor') await ctx.addInitScript(watchReadiness, kind === 'seat');
      const page = await ctx.newPage();
      let t: number;
      if (kind === 'floor') {
        await page.goto(`${server.http}/assets/${sprite}`, { waitUntil: 'commit' });
        t = await page.evaluate((id) => new Promise<number>((resolve, reject) => {
          const ws = new WebSocket(`ws://${location.host}/api/matches/${id}/ws?patch=1&emotes=1&watchers=1`);
          ws.onmessage = () => { resolve(performance.now()); ws.close(); };
          ws.onerror = () => reject(new Error('floor socket failed'));
        }), id);
      } else {
        await page.goto(`${server.http}/m/${id}${kind === 'watch' ? '/watch' : ''}`, { waitUntil: 'commit' });
        // Told by the page itself, not polled: a poll every animation frame would make the page
        // draw a frame each time while it loads, work that a player's page does not do.
        t = await page.evaluate(() => (window as unknown as { __whenReady: Promise<number> }).__whenReady);
        const nav = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd);
        if (i > 0) dcl.push(nav);
      }
      // The first round warms the server (its bundle, the assets) and the browser.
      if (i > 0) ready[kind].push(t);
      await ctx.close();
    }
  }
  const seatMs = median(ready.seat);
  const floorMs = median(ready.floor);
  console.log(`match page in headless Chromium ${browser.version()}, ${LOADS} cold loads each (fresh context each), node ${process.version}`);
  console.log(`  a seat (board, own hand playable, socket connected): median ${ms(seatMs)}, max ${ms(Math.max(...ready.seat))}`);
  console.log(`  a spectator (board, socket connected): median ${ms(median(ready.watch))}, max ${ms(Math.max(...ready.watch))}`);
  console.log(`  DOMContentLoaded: median ${ms(median(dcl))}`);
  console.log(`  floor (a static file, then a socket to a match until its first view): median ${ms(floorMs)}, max ${ms(Math.max(...ready.floor))}`);
  console.log(`  the client's share (seat − floor): ${ms(seatMs - floorMs)}`);
  console.log(`  a seat within ${TARGET_MS} ms: ${seatMs <= TARGET_MS ? 'met' : 'NOT met'}`);
} finally {
  await browser.close();
  await server.stop();
}
