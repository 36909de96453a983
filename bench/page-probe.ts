// Where a match page's first ~250 ms go (a profile, not a benchmark): per cold load of a seat's
// page, the times (ms from navigation start) of the HTML, each file, the socket's open and first
// message, and the board drawn; medians over the loads.
//   node scripts/run.mjs bench/page-probe.ts [--loads 6]
import { parseArgs } from 'node:util';
import { launch } from '../harness/browser';
import { startServer } from '../harness/page-server';
import { call } from '../harness/node';
import { median } from './lib/stats';

const { values } = parseArgs({ options: { loads: { type: 'string', default: '6' } } });
const LOADS = Number(values.loads);
const [server, browser] = await Promise.all([startServer(), launch()]);
try {
  const rows: Record<string, number[]> = {};
  for (let i = 0; i < LOADS + 1; i++) {
    const id = (await call(server.http, 'POST', '/api/matches', { players: 2, bots: { 1: 'random' }, botDelayMs: 5000 })).json.id;
    const seat = (await call(server.http, 'POST', `/api/matches/${id}/join`, { name: 'Ann' })).json;
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await ctx.addInitScript(([k, v]) => {
      localStorage.setItem(k!, v!);
      const marks: Record<string, number> = ((window as any).__marks = {});
      const WS = window.WebSocket;
      (window as any).WebSocket = class extends WS {
        constructor(u: string | URL, p?: string | string[]) {
          super(u, p); marks['ws new'] = performance.now();
          this.addEventListener('open', () => { marks['ws open'] = performance.now(); });
          this.addEventListener('message', () => { marks['ws first msg'] ??= performance.now(); }, { once: true });
        }
      };
      new MutationObserver(() => {
        if (!marks['board'] && document.querySelector('.board[data-version]')) marks['board'] = performance.now();
        if (!marks['hand'] && document.querySelector('.hand .opt')) marks['hand'] = performance.now();
        if (!marks['app'] && document.querySelector('#app > *')) marks['app'] = performance.now();
      }).observe(document, { childList: true, subtree: true });
    }, [`dm.seat.${id}`, JSON.stringify(seat)]);
    const page = await ctx.newPage();
    await page.goto(`${server.http}/m/${id}`, { waitUntil: 'commit' });
    await page.locator('.hand .opt').first().waitFor();
    await page.waitForTimeout(300);
    const t = await page.evaluate(() => {
      const out: Record<string, number> = { ...(window as any).__marks };
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      out['html responseEnd'] = nav.responseEnd; out['DOMContentLoaded'] = nav.domContentLoadedEventEnd;
      for (const r of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
        const n = r.name.replace(/^.*\/(assets\/)?/, '').replace(/-[\w-]{8}\./, '.').replace(/\?.*$/, '');
        out[`${n} start`] = r.startTime; out[`${n} end`] = r.responseEnd;
      }
      for (const p of performance.getEntriesByType('paint')) out[p.name] = p.startTime;
      return out;
    });
    if (i > 0) for (const [k, v] of Object.entries(t)) (rows[k] ??= []).push(v);
    await ctx.close();
  }
  for (const [k, v] of Object.entries(rows).sort((a, b) => median(a[1]) - median(b[1]))) console.log(`${median(v).toFixed(0).padStart(6)} ms  ${k}`);
} finally {
  await browser.close();
  await server.stop();
}
