// Pictures of the client for the README: the lobby, a 4-player table mid-match
// and the end screen, each at 1280x800, 1920x1080 and 390x844, and the invitation a match link
// opens (the whole page, at 1280 and 390 wide), saved as small PNGs (a palette of at most 256
// colours) in docs/screens/. `--only invitation` takes that one alone.
//   node scripts/run.mjs scripts/shots.ts [--out docs/screens] [--colours 256] [--only invitation]      (npm run shots)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { clickOption, isOver, launch } from '../harness/browser';
import { startServer } from '../harness/page-server';
import { call } from '../harness/node';
import { quantizePng } from './lib/png';

const { values } = parseArgs({ options: { out: { type: 'string', default: 'docs/screens' }, colours: { type: 'string', default: '256' }, only: { type: 'string' } } });
const OUT = values.out!;
const SIZES: [number, number][] = [[1280, 800], [1920, 1080], [390, 844]];

mkdirSync(OUT, { recursive: true });
const [server, browser] = await Promise.all([startServer(), launch()]);
let bytes = 0;
async function snap(page: Page, name: string): Promise<void> {
  for (const [w, h] of SIZES) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(450); // motion settles
    const png = quantizePng(await page.screenshot({ animations: 'disabled' }), Number(values.colours));
    writeFileSync(join(OUT, `${name}-${w}x${h}.png`), png);
    bytes += png.length;
  }
}
/** The invitation as a friend sees it: Ann's table of three, a bot and a seat for them. Whole pages, 1280 and 390 wide. */
async function invitation(): Promise<void> {
  const { id } = (await call(server.http, 'POST', '/api/matches', { players: 3, bots: { 1: 'greedy' }, clock: 60 })).json;
  await call(server.http, 'POST', `/api/matches/${id}/join`, { name: 'Ann' });
  for (const [w, h] of [[1280, 800], [390, 844]] as const) {
    const ctx = await browser.newContext({ baseURL: server.http, viewport: { width: w, height: h }, reducedMotion: 'reduce' });
    const page = await ctx.newPage();
    await page.goto(`/m/${id}`);
    await page.getByRole('list', { name: 'How a turn goes' }).waitFor();
    const png = quantizePng(await page.screenshot({ animations: 'disabled', fullPage: true }), Number(values.colours));
    writeFileSync(join(OUT, `invitation-${w}.png`), png);
    bytes += png.length;
    await ctx.close();
  }
}

/** The lobby, then a match from its middle to its end, at every size. */
async function match(): Promise<void> {
  const ctx = await browser.newContext({ baseURL: server.http, viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'Play now against a bot' }).waitFor();
  // The options open, for four seats: how a match with friends is set up.
  await page.locator('details.panel > summary').click();
  await page.getByLabel('Seats').selectOption('4');
  await page.getByRole('combobox', { name: /Seat 2/ }).selectOption('person');
  await snap(page, 'lobby');

  // A fixed deal (seed), three greedy bots at once, this page in seat 1.
  const { id } = (await call(server.http, 'POST', '/api/matches', { players: 4, seed: 3, bots: { 1: 'greedy', 2: 'greedy', 3: 'greedy' }, botDelayMs: 0 })).json;
  const seat = (await call(server.http, 'POST', `/api/matches/${id}/join`, { name: 'Ann' })).json;
  await page.evaluate(([k, v]) => localStorage.setItem(k!, v!), [`dm.seat.${id}`, JSON.stringify(seat)]);
  await page.goto(`/m/${id}`);
  await page.locator('.hand .opt').first().waitFor();
  // Mid-match: a few turns in, some minions already home in a haven.
  const rng = (() => { let s = 7; return () => ((s = (s * 16807) % 2147483647) / 2147483647); })();
  for (let moves = 0; !(await isOver(page)); ) {
    if (moves >= 14 && (await page.locator('.haven .chip').count()) >= 3 && (await page.locator('.hand .opt').count())) break;
    if (await clickOption(page, rng)) moves++;
    else await page.waitForTimeout(50);
  }
  await snap(page, 'table');
  while (!(await isOver(page))) if (!(await clickOption(page, rng))) await page.waitForTimeout(50);
  await page.locator('.score').waitFor();
  await snap(page, 'end');
}

try {
  await invitation();
  if (values.only !== 'invitation') await match();
  console.log(`${values.only === 'invitation' ? 2 : SIZES.length * 3 + 2} pictures in ${OUT}, ${(bytes / 1024).toFixed(0)} KB in all`);
} finally {
  await browser.close();
  await server.stop();
}
