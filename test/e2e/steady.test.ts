// The table holds still and keeps its history, in real Chromium: a seat's and a spectator's
// reactions, the first spectator's arrival ("1 watching") and the crowd's line move no box of the
// table, the seats, the hand or the decision (at 1280x800 and on a 390x844 phone at once); a refresh, a
// second device and a spectator arriving mid-match all read the match's whole log.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clickOption, isOver, pageIn } from '../../harness/browser';
import type { Server } from '../../harness/page-server';
import { pageSuite, postJson } from './suite';

let server: Server;
let browser: Browser;

pageSuite((s, b) => { server = s; browser = b; });

const post = (path: string, body: unknown) => postJson(server, path, body);

/** A browser that holds `seat` of match `id` (its token in storage), at `w`x`h`; a phone is a touch screen. */
async function seated(id: string, seat: unknown, w: number, h: number): Promise<{ page: Page; ctx: BrowserContext }> {
  const phone = w < 600;
  // In motion, as a player sees it: what moves must come to rest where it was.
  const ctx = await browser.newContext({ baseURL: server.http, viewport: { width: w, height: h }, reducedMotion: 'no-preference', ...(phone ? { hasTouch: true, isMobile: true } : {}) });
  await ctx.addInitScript(([k, v]) => localStorage.setItem(k!, v!), [`dm.seat.${id}`, JSON.stringify(seat)]);
  const page = await pageIn(ctx);
  page.on('pageerror', (e) => { throw new Error(`page error: ${e.message}`); });
  await page.goto(`/m/${id}`);
  await page.locator('.board').waitFor();
  return { page, ctx };
}

const BOXES = ['.tablewrap', '.players', '.player', '.hand', '.decision'] as const;

/** Where each box is, once nothing on the page moves (motion finished). */
const boxes = (page: Page) => page.evaluate(async (sels) => {
  await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {})));
  return Object.fromEntries(sels.map((s) => {
    const r = document.querySelector(s)?.getBoundingClientRect();
    return [s, r ? { x: r.x, y: r.y, w: r.width, h: r.height } : null];
  }));
}, [...BOXES]);

type Boxes = Awaited<ReturnType<typeof boxes>>;

/** Every box where it was, within half a pixel. */
function still(a: Boxes, b: Boxes, when: string): void {
  for (const s of BOXES) {
    expect(a[s], `${s} exists`).not.toBeNull();
    for (const k of ['x', 'y', 'w', 'h'] as const) expect(Math.abs(b[s]![k] - a[s]![k]), `${s}.${k} ${when}`).toBeLessThanOrEqual(0.5);
  }
}

describe('the table holds still', () => {
  // Both sizes at once, as two devices of the one seat: every change below reaches both pages, so
  // each wait (the crowd's line, a bubble: ~4 s each) is waited once for both.
  it('at 1280x800 and 390x844: reactions, the first spectator and the crowd\'s line move no box', async () => {
    // Bots answer at once: on the player's own decision nothing else changes the page.
    const { id } = await post('/api/matches', { players: 4, seed: 11, bots: { 1: 'greedy', 2: 'greedy', 3: 'random' }, botDelayMs: 0 });
    const seat = await post(`/api/matches/${id}/join`, { name: 'Ann' });
    const pages = await Promise.all([seated(id, seat, 1280, 800), seated(id, seat, 390, 844)]);
    const [desk, phone] = pages.map((p) => p.page) as [Page, Page];
    const sizes = ['1280x800', '390x844'];
    for (const p of [desk, phone]) await p.locator('.hand .opt').first().waitFor();
    const at = await Promise.all([boxes(desk), boxes(phone)]);
    /** Both pages' boxes where they were. */
    const bothStill = async (when: string) => {
      for (const [i, p] of [desk, phone].entries()) still(at[i]!, await boxes(p), `${when} at ${sizes[i]}`);
    };

    // The first spectator arrives: the seat's pages say "1 watching".
    const watcher = await browser.newPage({ baseURL: server.http, viewport: { width: 1280, height: 800 } });
    await watcher.goto(`/m/${id}/watch`);
    await watcher.locator('.board').waitFor();
    for (const p of [desk, phone]) await p.getByText('1 watching', { exact: true }).waitFor();
    await bothStill('with 1 watching');

    // The spectator reacts: the crowd's line shows, then goes.
    await watcher.getByRole('button', { name: 'React' }).click();
    await watcher.getByRole('button', { name: 'Good game!' }).click();
    for (const p of [desk, phone]) await p.locator('.crowd span', { hasText: 'A spectator: Good game!' }).waitFor();
    await bothStill('while the crowd reacts');
    for (const p of [desk, phone]) await p.locator('.crowd span').waitFor({ state: 'detached', timeout: 10_000 });
    await bothStill('after the crowd reacted');

    // The player reacts, from each device in turn: a bubble on the seat, then gone.
    for (const from of [desk, phone]) {
      await from.locator('.player .react button').click();
      await from.getByRole('button', { name: 'Well played!' }).click();
      for (const p of [desk, phone]) await p.locator('.bubble').waitFor();
      await bothStill('with a bubble on the seat');
      for (const p of [desk, phone]) await p.locator('.bubble').waitFor({ state: 'detached', timeout: 10_000 });
      await bothStill('after the bubble');
    }

    // The spectator goes: the count goes.
    await watcher.close();
    for (const p of [desk, phone]) await p.getByText('1 watching', { exact: true }).waitFor({ state: 'detached' });
    await bothStill('after the spectator left');
    for (const p of pages) await p.ctx.close();
  });
});

/** The numbers of the log's entries on the page, in order. */
const logSeqs = (page: Page) => page.locator('.log li:not(.muted)').evaluateAll((ls) => ls.map((l) => (l as HTMLLIElement).value));
const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('the log after a refresh', () => {
  it('holds every entry of the match so far: reloaded, on a second device, and for a spectator', async () => {
    const { id } = await post('/api/matches', { players: 2, seed: 21, bots: { 1: 'greedy' }, botDelayMs: 0 });
    const seat = await post(`/api/matches/${id}/join`, { name: 'Ann' });
    const { page, ctx } = await seated(id, seat, 1280, 800);
    // Play until the log is well past a view's 30 entries.
    const deadline = Date.now() + 90_000;
    while (Math.max(0, ...(await logSeqs(page))) < 45) {
      if (Date.now() > deadline || (await isOver(page))) throw new Error(`the log reached only ${Math.max(0, ...(await logSeqs(page)))} entries`);
      if (!(await clickOption(page))) await page.waitForTimeout(40);
    }
    // Nothing moves now: it is Ann's decision (the bot answers at once).
    await page.locator('.opt').first().waitFor();
    const seen = await logSeqs(page);
    const last = seen.at(-1)!;
    expect(seen).toEqual(upTo(last));
    const texts = await page.locator('.log li:not(.muted)').allTextContents();

    const whole = async (p: Page, who: string) => {
      await expect.poll(() => logSeqs(p), { timeout: 10_000, message: who }).toEqual(upTo(last));
      expect(await p.locator('.log li:not(.muted)').allTextContents(), who).toEqual(texts);
      expect(await p.locator('.log li.muted').count(), `${who}: no "earlier moves" note`).toBe(0);
    };
    await page.reload();
    await page.locator('.board').waitFor();
    await whole(page, 'after a refresh');
    const other = await seated(id, seat, 390, 844);
    await whole(other.page, 'on a second device');
    const watcher = await browser.newPage({ baseURL: server.http, viewport: { width: 1280, height: 800 } });
    await watcher.goto(`/m/${id}/watch`);
    await watcher.locator('.board').waitFor();
    await whole(watcher, 'for a spectator');
    // The game goes on: new entries join the whole log.
    const more = Date.now() + 20_000;
    while ((await logSeqs(page)).length <= last) {
      if (Date.now() > more) throw new Error('no new entry after the refresh');
      if (!(await clickOption(page))) await page.waitForTimeout(40);
    }
    const after = await logSeqs(page);
    expect(after).toEqual(upTo(after.length));
    await watcher.close();
    await other.ctx.close();
    await ctx.close();
  });
});
