// The whole board in view, however long a horde grows: a spectator follows a match of bots whose
// deal (seed 2543) grows one horde to 14 minions, at 1280x800 and 1920x1080, and every update's
// table lies inside its area (no card, chip or location past it, no chip past its haven) with
// nothing to scroll; on a 390x844 phone the same match needs no sideways scrolling, every location
// in a row of its own band, and havens nobody has reached take no 5rem of it. Then, on a seat's own turn, the pointer walks down a fanned horde from
// name to name, each card's whole face in a popover beside it, and a focused card is raised whole.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pageIn, shot } from '../../harness/browser';
import type { Server } from '../../harness/page-server';
import { pageSuite, postJson } from './suite';

let server: Server;
let browser: Browser;
// A server of its own whose bots may play at a quarter of a second a move (the shared one's keep to
// 100 ms): each spectator must see the hordes grow update by update, and under a loaded machine's
// slower pages, quicker bots' updates came in bunches (9 seen of a whole match's, once).
pageSuite((s, b) => { server = s; browser = b; }, { BOT_DELAY_MAX_MS: '250' });

const post = (path: string, body: unknown) => postJson(server, path, body);

/** The deal whose third horde reaches 14 minions when these bots play it (found by simulating the server's bots). */
const LONG_HORDE = { players: 4, seed: 2543, bots: { 0: 'greedy', 1: 'greedy', 2: 'random', 3: 'random' } };

interface Seen { version: number; longest: number; out: string[] }

/** Watches every update the page draws (with motion off, so what is measured is where things rest),
 * and records, per version, the longest horde and whatever lies outside the table's area. */
const watchEveryUpdate = (page: Page) => page.evaluate(() => {
  const w = window as unknown as { __seen: Seen[] };
  w.__seen = [];
  const measure = () => {
    const board = document.querySelector<HTMLElement>('.board');
    const wrap = document.querySelector('.tablewrap')?.getBoundingClientRect();
    if (!board || !wrap) return;
    const out: string[] = [];
    const past = (e: Element, box: DOMRect) => {
      const r = e.getBoundingClientRect();
      return r.bottom > box.bottom + 1 || r.right > box.right + 1 || r.left < box.left - 1;
    };
    for (const e of document.querySelectorAll('.table .cell > .card, .table .loc, .haven, .tablewrap > .hero')) {
      if (past(e, wrap)) out.push(`${e.className} ${e.textContent?.slice(0, 24)}`);
    }
    for (const h of document.querySelectorAll('.haven')) {
      const box = h.getBoundingClientRect();
      for (const c of h.querySelectorAll('.chip')) if (past(c, box)) out.push(`chip past its haven: ${c.getAttribute('data-full')}`);
    }
    const d = document.documentElement;
    if (d.scrollWidth > innerWidth) out.push(`page ${d.scrollWidth} wide`);
    const longest = Math.max(0, ...[...document.querySelectorAll('.table')].flatMap((t) => {
      const cols = new Map<string, number>();
      for (const c of t.querySelectorAll<HTMLElement>('.cell[data-at]')) cols.set(c.dataset.at!, (cols.get(c.dataset.at!) ?? 0) + 1);
      return [...cols.values()];
    }));
    w.__seen.push({ version: Number(board.dataset.version), longest, out });
  };
  new MutationObserver(() => requestAnimationFrame(() => requestAnimationFrame(measure)))
    .observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-version'] });
  measure();
});

async function spectate(w: number, h: number, touch = false): Promise<{ page: Page; seen: () => Promise<Seen[]> }> {
  const { id } = await post('/api/matches', { ...LONG_HORDE, botDelayMs: 250 });
  const ctx = await browser.newContext({ baseURL: server.http, viewport: { width: w, height: h }, reducedMotion: 'reduce', hasTouch: touch, isMobile: touch });
  const page = await pageIn(ctx);
  await page.goto(`/m/${id}/watch`);
  await page.locator('.board').waitFor();
  await watchEveryUpdate(page);
  return { page, seen: () => page.evaluate(() => (window as unknown as { __seen: Seen[] }).__seen) };
}

describe('the whole board in view', () => {
  it('a horde of 14 fans out inside the table at 1280x800 and 1920x1080, and a phone needs no sideways scrolling', async () => {
    const pages = await Promise.all([spectate(1280, 800), spectate(1920, 1080), spectate(390, 844, true)]);
    let shotTaken = false;
    await Promise.all(pages.map(async ({ page }, k) => {
      // Once, the 1280x800 table with its longest horde.
      if (k === 0) {
        await page.waitForFunction(() => (window as unknown as { __seen: Seen[] }).__seen.some((s) => s.longest >= 12), null, { timeout: 60_000 });
        await shot(page, 'fan-1280');
        shotTaken = true;
      }
      await page.locator('.board[data-over]').waitFor({ timeout: 90_000 });
    }));
    expect(shotTaken).toBe(true);
    for (const [k, { page, seen }] of pages.entries()) {
      const all = await seen();
      const size = page.viewportSize()!;
      expect(all.length, `updates seen at ${size.width}x${size.height}`).toBeGreaterThan(20);
      expect(Math.max(...all.map((s) => s.longest)), `at ${size.width}x${size.height}`).toBeGreaterThanOrEqual(14);
      expect(all.filter((s) => s.out.length), `at ${size.width}x${size.height}`).toEqual([]);
      if (k === 2) {
        // The phone: five locations in two bands, each whole across the screen.
        expect(await page.locator('.table').count()).toBe(2);
        const rights = await page.locator('.table .loc').evaluateAll((ls) => ls.map((l) => l.getBoundingClientRect().right));
        expect(rights).toHaveLength(5);
        for (const r of rights) expect(r).toBeLessThanOrEqual(size.width);
        await shot(page, 'fan-390');
      }
      await page.context().close();
    }
  });

  it('on a phone, havens nobody has reached are only as high as their label', async () => {
    // The same deal, a person in seat 0: at their first decision (the bots' moves before it are
    // the deal's own, so the same every run) no minion has reached a haven yet.
    const { id } = await post('/api/matches', { ...LONG_HORDE, bots: { 1: 'greedy', 2: 'random', 3: 'random' }, botDelayMs: 0 });
    const seat = await post(`/api/matches/${id}/join`, { name: 'Ann' });
    const ctx = await browser.newContext({ baseURL: server.http, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
    await ctx.addInitScript(([k, v]) => localStorage.setItem(k!, v!), [`dm.seat.${id}`, JSON.stringify(seat)]);
    const page = await pageIn(ctx);
    await page.goto(`/m/${id}`);
    await page.locator('.dock .opt').first().waitFor({ timeout: 20_000 });
    // Each band's first row is its havens' (table.tsx rowsOf): on a phone their own height, not
    // the wide screen's 5rem floor (board.css --haven).
    const bands = await page.locator('.table').evaluateAll((ts) => ts.map((t) => ({
      chips: t.querySelectorAll('.haven .chip').length,
      havens: t.querySelectorAll('.haven').length,
      row: parseFloat(getComputedStyle(t).gridTemplateRows),
    })));
    expect(bands.map((b) => [b.havens, b.chips])).toEqual([[3, 0], [2, 0]]);
    for (const b of bands) {
      expect(b.row).toBeGreaterThan(16);
      expect(b.row).toBeLessThan(48);
    }
    await ctx.close();
  });

  it('on a seat\'s turn, the pointer walks down a fanned horde name by name, each face whole beside it; focus raises a card', async () => {
    // The same deal, a person in seat 0: the bots' moves differ, but hordes still grow long (7+).
    const { id } = await post('/api/matches', { ...LONG_HORDE, bots: { 1: 'greedy', 2: 'random', 3: 'random' }, botDelayMs: 0 });
    const seat = await post(`/api/matches/${id}/join`, { name: 'Ann' });
    const ctx = await browser.newContext({ baseURL: server.http, viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    await ctx.addInitScript(([k, v]) => localStorage.setItem(k!, v!), [`dm.seat.${id}`, JSON.stringify(seat)]);
    const page = await pageIn(ctx);
    await page.goto(`/m/${id}`);
    await page.locator('.board').waitFor();
    /** A fanned column's cells, front first, when some horde is squeezed: each card taller than its cell. */
    const fanned = () => page.evaluate(() => {
      const cells = [...document.querySelectorAll<HTMLElement>('.table .cell[data-at]')];
      const squeezed = cells.find((c) => c.querySelector('.card')!.getBoundingClientRect().height > c.getBoundingClientRect().height + 8);
      if (!squeezed) return null;
      return cells.filter((c) => c.dataset.at === squeezed.dataset.at).map((c) => {
        const r = c.getBoundingClientRect();
        return { x: r.left + r.width / 2, y: r.top + Math.min(r.height, 12) / 2 + 2, id: c.querySelector('.card')!.getAttribute('data-id') };
      });
    });
    let column: Awaited<ReturnType<typeof fanned>> = null;
    // Play the first option each turn (to the first location: one horde grows) until a horde is fanned.
    for (let turn = 0; turn < 60 && !column; turn++) {
      await page.locator('.dock .opt').first().waitFor({ timeout: 20_000 });
      column = await fanned();
      if (column) break;
      const before = await page.locator('.board').getAttribute('data-version');
      await page.locator('.dock .opt').first().click();
      await page.waitForFunction((b) => document.querySelector('.board')?.getAttribute('data-version') !== b || document.querySelector('.dock .sel'), before);
      if (await page.locator('.dock .sel').count()) await page.locator('.dock .acts button.opt').first().click();
    }
    expect(column, 'a fanned horde on a seat\'s turn').not.toBeNull();
    // Played by mouse, the turn hands no focus to a card: no popover stands over the decision bar.
    await page.mouse.move(0, 0);
    expect(await page.evaluate(() => [...document.querySelectorAll('.board .card')].filter((c) => getComputedStyle(c, '::after').content !== 'none').length)).toBe(0);
    // Walk the pointer down the names: each card in turn is the one pointed at, its whole face in
    // the popover beside it, and none is raised over the next (the pointer reaches every name).
    for (const [i, c] of column!.entries()) {
      await page.mouse.move(c.x, c.y);
      const pointed = await page.evaluate(({ x, y, id }) => {
        const card = document.querySelector<HTMLElement>(`.table .card[data-id="${id}"]`)!;
        return {
          under: document.elementFromPoint(x, y)?.closest('.card') === card,
          popover: getComputedStyle(card, '::after').content === JSON.stringify(card.dataset.full),
          whole: /\(peril \d+, \d+ VP.*\): /.test(card.dataset.full!),
        };
      }, c);
      expect(pointed, `card ${i} of the fanned horde`).toEqual({ under: true, popover: true, whole: true });
    }
    await shot(page, 'fan-seat-1280');
    // Focused from the keyboard, a card is raised whole over the fan.
    await page.keyboard.press('Shift');
    const first = page.locator(`.table .card[data-id="${column![0]!.id}"]`);
    await first.focus();
    expect(await first.evaluate((c) => ({ z: getComputedStyle(c).zIndex, on: document.elementFromPoint(c.getBoundingClientRect().left + 30, c.getBoundingClientRect().bottom - 8)?.closest('.card') === c }))).toEqual({ z: '6', on: true });
    await ctx.close();
  });
});
