// A touch phone in real Chromium (hasTouch, isMobile), at 360x740 and 390x844: the header fits; the
// hand's cards show their text with the dock open, and a picked card keeps the hand in view; no
// words about keys or right-clicks; no text under 12 px on any page, tags included.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeProblems, clickOption, pageIn, shot } from '../../harness/browser';
import type { Server } from '../../harness/page-server';
import { pageSuite, postJson } from './suite';

let server: Server;
let browser: Browser;

pageSuite((s, b) => { server = s; browser = b; });

const post = (path: string, body: unknown) => postJson(server, path, body);

const phone = (w: number, h: number, init?: [string, string]): Promise<BrowserContext> => browser.newContext({
  baseURL: server.http, viewport: { width: w, height: h }, hasTouch: true, isMobile: true,
}).then(async (ctx) => {
  if (init) await ctx.addInitScript(([k, v]) => localStorage.setItem(k!, v!), init);
  return ctx;
});

/** What breaks the phone's rules on the page as it is now, one line each (empty when none). */
const problems = (page: Page) => page.evaluate(() => {
  for (const a of document.getAnimations()) a.finish();
  const bad: string[] = [];
  const seen = (el: Element) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && !el.closest('details:not([open]) > :not(summary)') && !el.closest('.sr') && getComputedStyle(el).visibility !== 'hidden';
  };
  // The header fits: nothing scrolls, nothing past the right edge, the logo clear of the links.
  const header = document.querySelector('header.top')!;
  if (header.scrollWidth > header.clientWidth || document.documentElement.scrollWidth > innerWidth) bad.push(`header ${header.scrollWidth}px in ${header.clientWidth}px`);
  for (const el of header.querySelectorAll('*')) {
    if (seen(el) && el.getBoundingClientRect().right > innerWidth + 0.5) bad.push(`past the edge: ${el.textContent?.trim() || el.className}`);
  }
  const logo = header.querySelector('.logo')!.getBoundingClientRect();
  const nav = header.querySelector('nav')!.getBoundingClientRect();
  if (logo.right > nav.left + 0.5) bad.push(`the logo runs under the links (${logo.right} > ${nav.left})`);
  // Every text 12 px or more; no words for a mouse or keys.
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let t = walk.nextNode(); t; t = walk.nextNode()) {
    const el = t.parentElement;
    const text = t.textContent!.trim();
    if (!el || !text || !seen(el)) continue;
    const px = parseFloat(getComputedStyle(el).fontSize);
    if (px < 12) bad.push(`text ${px}px: ${text.slice(0, 30)}`);
    if (/right-click|\bkeys?\b|\bEsc\b|Shift/i.test(text)) bad.push(`words for a mouse or keys: ${text.slice(0, 60)}`);
  }
  return bad;
});

/** The hand with the dock open: each card's text shows, 12 px or more, and the hand is inside the dock and the screen. */
const handShows = (page: Page) => page.evaluate(() => {
  const bad: string[] = [];
  const dock = document.querySelector('.dock')!.getBoundingClientRect();
  const hand = document.querySelector('.dock .hand')!.getBoundingClientRect();
  if (hand.top < dock.top - 0.5 || hand.bottom > Math.min(dock.bottom, innerHeight) + 0.5) bad.push(`hand ${hand.top}–${hand.bottom} outside the dock ${dock.top}–${dock.bottom}`);
  for (const tx of document.querySelectorAll<HTMLElement>('.dock .hand .card .tx')) {
    const r = tx.getBoundingClientRect();
    if (getComputedStyle(tx).display === 'none' || r.height < 12) bad.push(`no text on ${tx.closest('.card')?.getAttribute('data-id')}`);
    if (parseFloat(getComputedStyle(tx).fontSize) < 12) bad.push(`small text on ${tx.closest('.card')?.getAttribute('data-id')}`);
  }
  return bad;
});

describe('a touch phone', () => {
  for (const [w, h] of [[360, 740], [390, 844]] as const) {
    it(`at ${w}x${h}: the header fits, the hand reads with the dock open, taps not keys, 12 px text`, async () => {
      const { id } = await post('/api/matches', { players: 4, seed: 6, bots: { 1: 'greedy', 2: 'greedy', 3: 'random' }, botDelayMs: 0 });
      const seat = await post(`/api/matches/${id}/join`, { name: 'Ann' });
      const ctx = await phone(w, h, [`dm.seat.${id}`, JSON.stringify(seat)]);
      const page = await pageIn(ctx);
      await page.goto(`/m/${id}`);
      await page.locator('.hand .opt').first().waitFor();
      expect(await problems(page)).toEqual([]);
      expect(await handShows(page)).toEqual([]);
      expect(await page.locator('.legend').textContent()).toContain('tap a card (long-press one you can pick)');
      // A picked card: its places come as buttons, the hand stays in the dock, the card's text on it.
      await page.locator('.hand .opt').first().tap();
      await page.locator('.hand .sel').waitFor();
      await page.locator('.dock .acts .opt').first().waitFor();
      expect(await handShows(page)).toEqual([]);
      const sel = await page.locator('.hand .sel .tx').boundingBox();
      expect(sel!.y + sel!.height).toBeLessThanOrEqual(h + 0.5);
      if (w === 390) await shot(page, 'phone-picked-390');
      // A few moves on, the rules still hold.
      for (let moves = 0; moves < 6;) {
        if (await clickOption(page)) {
          moves++;
          expect(await problems(page), `after move ${moves}`).toEqual([]);
        } else await page.waitForTimeout(40);
      }
      // Until the next play from the hand (a card picked is played, other decisions answered).
      const deadline = Date.now() + 20_000;
      while (!((await page.locator('.hand .opt').count()) && !(await page.locator('.hand .sel').count()))) {
        if (Date.now() > deadline) throw new Error('no play from the hand came');
        if (!(await clickOption(page))) await page.waitForTimeout(40);
      }
      expect(await handShows(page)).toEqual([]);
      expect(await axeProblems(page)).toEqual([]);
      if (w === 390) await shot(page, 'phone-touch-390');
      // A spectator's page, and the pages before a match: the lobby, and the join page with its seats' tags.
      const watcher = await pageIn(ctx);
      await watcher.goto(`/m/${id}/watch`);
      await watcher.locator('.board').waitFor();
      expect(await problems(watcher)).toEqual([]);
      const { id: open } = await post('/api/matches', { players: 3, bots: { 2: 'greedy' } });
      const stranger = await phone(w, h);
      const join = await pageIn(stranger);
      await join.goto(`/m/${open}`);
      await join.locator('.tag', { hasText: 'bot' }).first().waitFor();
      expect(await problems(join)).toEqual([]);
      await join.goto('/');
      await join.locator('main h1, main h2').first().waitFor();
      expect(await problems(join)).toEqual([]);
      await stranger.close();
      await ctx.close();
    });
  }
});
