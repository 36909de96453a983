// The table in real Chromium: one screen at 1280x800 and 1920x1080 through a whole 4-player
// match played with number keys alone; the phone's rules at 390x844; motion that stops under
// prefers-reduced-motion; an unknown match told plainly with nothing in the console.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeProblems, clickOption, isOver, pageIn, shot, version } from '../../harness/browser';
import type { Server } from '../../harness/page-server';
import { pageSuite, postJson } from './suite';
import { FULL_TEXT } from '../../shared/engine/texts';

let server: Server;
let browser: Browser;

pageSuite((s, b) => { server = s; browser = b; });

const post = (path: string, body: unknown) => postJson(server, path, body);

/** A 4-seat match on a fixed deal (`seed`) with three quick bots; `page` sits in seat 1. Counts every
 * animation the page starts (Element.animate and CSS animations) in `__animations`. */
async function fourSeats(w: number, h: number, opts: { reducedMotion?: 'reduce'; seed?: number; name?: string } = {}): Promise<{ page: Page; ctx: BrowserContext; errors: string[] }> {
  const { id } = await post('/api/matches', { players: 4, seed: opts.seed ?? 11, bots: { 1: 'greedy', 2: 'greedy', 3: 'random' }, botDelayMs: 0 });
  const seat = await post(`/api/matches/${id}/join`, { name: opts.name ?? 'Ann' });
  const ctx = await browser.newContext({ baseURL: server.http, viewport: { width: w, height: h }, reducedMotion: opts.reducedMotion ?? 'no-preference' });
  await ctx.addInitScript(([k, v]) => {
    localStorage.setItem(k!, v!);
    const w = window as unknown as { __animations: number };
    w.__animations = 0;
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (...a: Parameters<typeof animate>) { w.__animations++; return animate.apply(this, a); };
    addEventListener('animationstart', () => { w.__animations++; });
  }, [`dm.seat.${id}`, JSON.stringify(seat)]);
  const page = await pageIn(ctx);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('console', (m) => { if (/^(page|phone)[: ]/.test(m.text())) console.log(m.text()); });
  await page.goto(`/m/${id}`);
  await page.locator('.board').waitFor();
  return { page, ctx, errors };
}

/** Location rules and the hero's ability not shown whole (cut by a clamp, or running past their card), and
 * any other text on the board cut short (by a clamp, an ellipsis or a box that hides what overflows)
 * with no popover holding it whole: no `data-full` on it or around it. Panels that scroll (the log)
 * and text hidden for screen readers alone are not cut. */
const cutRules = (page: Page) => page.evaluate(() => [
  ...[...document.querySelectorAll<HTMLElement>('.table .loc .tx, .hero .herocard .tx')]
    .filter((t) => t.scrollHeight > t.clientHeight + 1 || t.getBoundingClientRect().bottom > t.closest('.card')!.getBoundingClientRect().bottom + 1),
  ...[...document.querySelectorAll<HTMLElement>('.board *')].filter((e) => {
    if (!(e instanceof HTMLElement) || !e.textContent?.trim() || e.closest('.sr, details:not([open]) > :not(summary)')) return false;
    const cs = getComputedStyle(e);
    const hides = (o: string) => o === 'hidden' || o === 'clip';
    if (!hides(cs.overflowX) && !hides(cs.overflowY) || cs.clipPath !== 'none' || !e.getBoundingClientRect().width) return false;
    // A box that clips with a margin (the dock, for a card in motion) shows what runs that far past it.
    const margin = 1 + (cs.overflowX === 'clip' ? parseFloat(cs.getPropertyValue('overflow-clip-margin')) || 0 : 0);
    const cut = (hides(cs.overflowX) && e.scrollWidth > e.clientWidth + margin) || (hides(cs.overflowY) && e.scrollHeight > e.clientHeight + margin);
    if (!cut || e.closest('[data-full]')?.getAttribute('data-full')) return false;
    // Cut: its own words (an ellipsis), or words inside it that run past its edge, not each in a popover's
    // card or chip (a haven's chip rows squeezed into a fan run past it by design, each chip whole on hover).
    const box = e.getBoundingClientRect();
    const own = [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
    return own || [...e.querySelectorAll<HTMLElement>('*')].some((d) => {
      const r = d.getBoundingClientRect();
      return (r.bottom > box.bottom + margin || r.right > box.right + margin) && !!d.textContent?.trim() && !d.closest('[data-full]') && !d.closest('.sr');
    });
  }),
].map((t) => `${t.className}: ${t.textContent}`));

/** The page itself does not scroll, and the decision's dock lies below the table, covering none of it.
 * Measured once the viewport has its new size and the last event's motion (at most ~400 ms) is over:
 * what must fit is the layout, and a resize mid-animation leaves ghosts measured at the old size. */
const oneScreen = async (page: Page) => {
  const { width, height } = page.viewportSize()!;
  await page.waitForFunction(([w, h]) => innerWidth === w && innerHeight === h, [width, height] as const);
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))));
  return page.evaluate(() => {
    // A view that came since (a bot's move) may have started a card's flight: where it lands is what must fit.
    for (const a of document.getAnimations()) a.finish();
    const d = document.documentElement;
    const table = document.querySelector('.tablewrap')?.getBoundingClientRect();
    const dock = document.querySelector('.dock, .score')?.getBoundingClientRect();
    const side = document.querySelector('.side')?.getBoundingClientRect();
    const scrolls = d.scrollHeight > innerHeight || d.scrollWidth > innerWidth;
    if (scrolls) {
      // Say what sticks out, to make a failure readable.
      // (A closed <details>' content still has boxes, but takes no room: left out.)
      const out = [...document.querySelectorAll('body *')].filter((e) => {
        const r = e.getBoundingClientRect();
        return (r.bottom > innerHeight + 1 || r.right > innerWidth + 1) && !e.closest('details:not([open]) > :not(summary)');
      }).slice(0, 4).map((e) => `${e.tagName}.${e.className} ${JSON.stringify(e.getBoundingClientRect())}`);
      console.error(`page ${d.scrollWidth}x${d.scrollHeight}: ${out.join('; ')}`);
    }
    // Nothing on the table lies past its area (a long horde fans out, a big haven's chips overlap).
    const past = (e: Element, box: DOMRect) => { const r = e.getBoundingClientRect(); return r.bottom > box.bottom + 1 || r.right > box.right + 1; };
    const tableFits = !!table && ![...document.querySelectorAll('.table .cell > .card, .table .loc, .haven, .tablewrap > .hero')].some((e) => past(e, table))
      && ![...document.querySelectorAll('.haven')].some((h) => [...h.querySelectorAll('.chip')].some((c) => past(c, h.getBoundingClientRect())));
    return {
      scrolls,
      covered: !!table && !!dock && dock.top < table.bottom - 1 && dock.left < table.right,
      sideFits: !!side && side.bottom <= innerHeight + 1,
      tableFits,
    };
  });
};

/** The keys of a decision's options, in order. */
const KEY_ORDER = [...'1234567890'].concat([...'1234567890'].map((d) => `Shift+${d}`));

/** The numbered options of the decision on screen now: how many keys answer it. */
const keyCount = (page: Page) => page.evaluate(() =>
  new Set([...document.querySelectorAll('.board [aria-keyshortcuts]')].map((e) => e.getAttribute('aria-keyshortcuts')).filter((k) => /^\d$/.test(k!))).size);

describe('the table', () => {
  it('plays a whole 4-player match with number keys alone, on one screen at 1280x800 and 1920x1080', async () => {
    // The longest name a seat may have: whole beside the table too.
    const { page, ctx, errors } = await fourSeats(1280, 800, { seed: 1, name: 'Annabelle Wintersmithson' });
    await page.locator('.hand .opt').first().waitFor();
    // Tab order follows the decision: the dock (decision, then hand) comes before the table.
    // (Read in one step in the page: views still arriving may redraw a button between finding it and reading it.)
    expect(await page.evaluate(() => !!document.querySelector('.board button')?.closest('.dock'))).toBe(true);
    expect(await page.locator('.num').count()).toBe(0); // no numbers until a key is used
    // A play is two keys; Escape drops the picked card.
    await page.keyboard.press('1');
    await page.locator('.hand .sel').waitFor();
    expect(await page.locator('.hand .card.sel .num').count()).toBe(0); // the picked card is no longer an option to number
    expect(await page.locator('.num').count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.hand .sel').count()).toBe(0);
    // While a decision is asked, Tab stops on its options only: the hero and locations (no options now) are skipped.
    const cards = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.board .card, .board .chip')]
      .map((b) => ({ opt: b.classList.contains('opt'), stop: b.tabIndex >= 0 })));
    expect(cards.filter((c) => !c.opt).length).toBeGreaterThan(0);
    expect(cards.filter((c) => c.stop !== c.opt)).toEqual([]);
    let moves = 0, checks = 0, biggestHaven = 0, mostOptions = 0;
    const heard = new Set<string>();
    const rng = (() => { let s = 5; return () => (s = (s * 16807) % 2147483647) / 2147483647; })();
    const deadline = Date.now() + 150_000;
    while (!(await isOver(page))) {
      if (Date.now() > deadline) throw new Error(`match not over after ${moves} keys`);
      const n = await keyCount(page);
      if (!n) { await page.waitForTimeout(40); continue; }
      const before = await version(page);
      const picked = await page.locator('.hand .sel').count();
      await page.keyboard.press(String((Math.floor(rng() * Math.min(n, 10)) + 1) % 10));
      moves++;
      await page.waitForFunction(([b, p]) => {
        const board = document.querySelector<HTMLElement>('.board');
        return !board || board.dataset.version !== String(b) || document.querySelectorAll('.hand .sel').length !== p || 'over' in board.dataset;
      }, [before, picked] as const, { timeout: 5000 }).catch(() => {});
      // Each event's motion is brief (a burst catches up by finishing the last one's at once).
      expect(await page.evaluate(() => document.getAnimations().map((a) => Number(a.effect?.getTiming().duration)).filter((d) => d > 400))).toEqual([]);
      const s = await oneScreen(page);
      expect(s, `after key ${moves}`).toEqual({ scrolls: false, covered: false, sideFits: true, tableFits: true });
      expect(await cutRules(page), `after key ${moves}`).toEqual([]);
      // The same position on the big screen.
      await page.setViewportSize({ width: 1920, height: 1080 });
      expect(await oneScreen(page), `after key ${moves}, at 1920x1080`).toEqual({ scrolls: false, covered: false, sideFits: true, tableFits: true });
      expect(await cutRules(page), `after key ${moves}, at 1920x1080`).toEqual([]);
      await page.setViewportSize({ width: 1280, height: 800 });
      // The options' keys run in order with none left out: 1-9, 0, then Shift+1… (keys.ts). (A place
      // may have two buttons, on the table and in the decision, with one key.)
      const shortcuts = [...new Set(await page.locator('.board [aria-keyshortcuts]:not([aria-keyshortcuts="Escape"])').evaluateAll((es) => es.map((e) => e.getAttribute('aria-keyshortcuts')!)))];
      expect(shortcuts.sort((a, b) => KEY_ORDER.indexOf(a) - KEY_ORDER.indexOf(b))).toEqual(KEY_ORDER.slice(0, shortcuts.length));
      mostOptions = Math.max(mostOptions, shortcuts.length);
      checks++;
      biggestHaven = Math.max(biggestHaven, ...(await page.locator('.haven').evaluateAll((hs) => hs.map((h) => h.querySelectorAll('.chip').length))));
      heard.add((await page.locator('[data-announce]').textContent()) ?? '');
      if (moves === 12) {
        // A minion's text cut on the table is whole in a popover by the card as the pointer rests on it.
        const cut = page.locator('.table .minion').filter({ has: page.locator('.tx') });
        const clipped = await cut.evaluateAll((cs) => cs.findIndex((c) => { const t = c.querySelector<HTMLElement>('.tx')!; return t.scrollHeight > t.clientHeight + 1; }));
        expect(clipped).toBeGreaterThanOrEqual(0);
        const card = cut.nth(clipped);
        // Pointed at by its name (its top edge, in view even in a fanned horde): its cell takes the pointer.
        await card.locator('xpath=..').hover({ position: { x: 24, y: 6 } });
        const [popover, full] = await card.evaluate((c) => [getComputedStyle(c, '::after').content, c.getAttribute('data-full')]);
        expect(popover).toBe(JSON.stringify(full));
        await page.mouse.move(0, 0);
        // The long name, cut short beside the table, is whole in its popover under the pointer, and
        // on focus: a cut name is a Tab stop (an uncut one is not).
        const name = page.locator('.side .who b', { hasText: 'Annabelle' });
        expect(await name.evaluate((b) => b.scrollWidth > b.clientWidth + 1)).toBe(true);
        await name.hover();
        expect(await name.evaluate((b) => getComputedStyle(b, '::after').content)).toBe('"Annabelle Wintersmithson"');
        await page.mouse.move(0, 0);
        expect(await name.evaluate((b) => getComputedStyle(b, '::after').content)).toBe('none');
        expect(await page.locator('.side .who b[tabindex="0"]').allTextContents()).toEqual(['Annabelle Wintersmithson']);
        await name.focus();
        expect(await name.evaluate((b) => getComputedStyle(b, '::after').content)).toBe('"Annabelle Wintersmithson"');
        await name.blur();
        // A spectator's page fits one screen too.
        const watcher = await browser.newPage({ baseURL: server.http, viewport: { width: 1280, height: 800 } });
        await watcher.goto(`${new URL(page.url()).pathname}/watch`);
        await watcher.locator('.board').waitFor();
        await watcher.locator('.banner', { hasText: 'Spectating' }).waitFor();
        expect(await oneScreen(watcher)).toEqual({ scrolls: false, covered: false, sideFits: true, tableFits: true });
        await shot(watcher, 'table-spectator-1280');
        await watcher.close();
        expect(await axeProblems(page)).toEqual([]);
        await shot(page, 'table-keys-1280');
        await page.setViewportSize({ width: 1920, height: 1080 });
        expect(await oneScreen(page)).toEqual({ scrolls: false, covered: false, sideFits: true, tableFits: true });
        await shot(page, 'table-keys-1920');
        await page.setViewportSize({ width: 1280, height: 800 });
      }
    }
    expect(moves).toBeGreaterThan(15);
    // A screen reader heard the log's own words.
    const log = await page.locator('.log li').allTextContents();
    expect(log.some((l) => [...heard].some((h) => h.includes(l)))).toBe(true);
    await page.locator('.score').waitFor();
    for (const [w, h] of [[1280, 800], [1920, 1080]] as const) {
      await page.setViewportSize({ width: w, height: h });
      expect(await oneScreen(page), `end at ${w}x${h}`).toEqual({ scrolls: false, covered: false, sideFits: true, tableFits: true });
    }
    // By the end every horde has escaped: on this deal (seed 1, keys chosen by the fixed rng above)
    // one haven holds 12 minions, and the screen still fits.
    biggestHaven = Math.max(biggestHaven, ...(await page.locator('.haven').evaluateAll((hs) => hs.map((h) => h.querySelectorAll('.chip').length))));
    expect(biggestHaven).toBeGreaterThanOrEqual(12);
    expect(await axeProblems(page)).toEqual([]);
    await shot(page, 'table-end-1280');
    // Motion ran (the reduced-motion test below shows it can be stopped).
    expect(await page.evaluate(() => (window as unknown as { __animations: number }).__animations)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    console.log(`keys: ${moves} presses, ${checks} one-screen checks at both sizes, biggest haven ${biggestHaven}, most options ${mostOptions}`);
    await ctx.close();
  });

  it('on a 390x844 phone: 44 px targets, no text under 12 px, a dock of at most a fifth, the asked place in view', async () => {
    const { page, ctx } = await fourSeats(390, 844, { seed: 6 });
    await page.locator('.hand .opt').first().waitFor();
    const rules = () => page.evaluate(() => {
      // Measured as it settles: a card in flight is scaled for a moment.
      for (const a of document.getAnimations()) a.finish();
      const bad: string[] = [];
      const seen = (el: Element) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && !el.closest('details:not([open]) > :not(summary)') && !el.closest('.sr');
      };
      for (const el of document.querySelectorAll('button, a[href], summary, select, input')) {
        if (!seen(el)) continue;
        const r = el.getBoundingClientRect();
        if (r.width < 43.5 || r.height < 43.5) bad.push(`target ${Math.round(r.width)}x${Math.round(r.height)}: ${(el.textContent ?? '').trim().slice(0, 30) || el.className}`);
      }
      const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let t = walk.nextNode(); t; t = walk.nextNode()) {
        const el = t.parentElement;
        if (!el || !t.textContent!.trim() || !seen(el)) continue;
        const px = parseFloat(getComputedStyle(el).fontSize);
        if (px < 12) bad.push(`text ${px}px: ${t.textContent!.trim().slice(0, 30)}`);
      }
      // The seats are compact: at most a third of the screen for four.
      const seats = document.querySelector('.players')?.getBoundingClientRect();
      if (seats && seats.height > innerHeight / 3) bad.push(`seats ${Math.round(seats.height)}px tall`);
      const dock = document.querySelector('.dock')?.getBoundingClientRect();
      if (dock && dock.height > innerHeight / 5 + 0.5) bad.push(`dock ${dock.height}px tall`);
      if (dock && Math.abs(dock.bottom - innerHeight) > 1) bad.push(`dock not at the bottom: ${dock.bottom}`);
      // What the decision asks for is in view, above the dock: on the table, or in the dock itself.
      const top = dock?.top ?? innerHeight;
      // (With a card picked, its places are the dock's buttons; the table's highlight is a second way.)
      const picked = document.querySelector('.hand .sel');
      const asked = (picked && document.querySelector('.dock .acts .opt')) || document.querySelector('.table .opt') || document.querySelector('.dock .opt');
      if (asked) {
        const r = asked.getBoundingClientRect();
        const wrap = asked.closest('.tablewrap')?.getBoundingClientRect();
        const bottom = asked.closest('.dock') ? innerHeight : top;
        if (r.bottom <= 0 || r.top >= bottom || (wrap && (r.right <= wrap.left || r.left >= wrap.right))) bad.push(`asked place out of view: ${asked.textContent?.slice(0, 30)}`);
      }
      if (document.documentElement.scrollWidth > innerWidth) bad.push('the page scrolls sideways');
      if (bad.length) console.error(`phone: ${bad.join(' | ')}`);
      return bad;
    });
    let moves = 0;
    expect(await rules()).toEqual([]);
    while (!(await isOver(page)) && moves < 400) {
      if (await clickOption(page)) {
        moves++;
        expect(await rules(), `after move ${moves}`).toEqual([]);
        if (moves === 10) {
          expect(await axeProblems(page)).toEqual([]);
          await shot(page, 'table-phone-390');
        }
      } else await page.waitForTimeout(50);
    }
    expect(await isOver(page)).toBe(true);
    expect(await rules()).toEqual([]);
    expect(await page.locator('.score h2').evaluate((el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })).toBe(true);
    expect(await axeProblems(page)).toEqual([]);
    await ctx.close();
  });

  it('runs no animation at all under prefers-reduced-motion: reduce; sound is off until turned on, and remembered', async () => {
    const { page, ctx } = await fourSeats(1280, 800, { reducedMotion: 'reduce' });
    await page.locator('.hand .opt').first().waitFor();
    // A card the decision asks for: a click would pick it; a right-click (a long-press on touch) opens
    // its detail instead, and nothing is picked or sent.
    const opt = page.locator('.hand .opt').first();
    const version = await page.locator('.board').getAttribute('data-version');
    await opt.click({ button: 'right' });
    await page.getByRole('dialog', { name: 'Card details' }).waitFor();
    expect(await page.locator('.detail').textContent()).toContain((await opt.locator('.name').textContent())!.replace(/\u00AD/g, ''));
    expect(await page.locator('.hand .sel').count()).toBe(0);
    expect(await page.locator('.board').getAttribute('data-version')).toBe(version);
    await page.keyboard.press('Escape');
    await page.locator('.detail').waitFor({ state: 'detached' });
    for (let moves = 0; moves < 12 && !(await isOver(page));) {
      if (await clickOption(page)) {
        moves++;
        expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
      } else await page.waitForTimeout(40);
    }
    expect(await page.evaluate(() => (window as unknown as { __animations: number }).__animations)).toBe(0);
    // A card on the table opens its detail, with the ability's full text (fetched with the first detail).
    // (Not one the decision now asks for: clicking that answers the decision.) First the table is let
    // settle at a play from the hand with nothing picked: a decision that asks where a minion goes
    // lays its "Place here" buttons over the hordes' cards, and the bots wait while a play is asked.
    for (let i = 0; i < 300 && !(await page.evaluate(() => !!document.querySelector('.hand .opt') && !document.querySelector('.table .slot, .hand .sel'))); i++) {
      if (!(await clickOption(page))) await page.waitForTimeout(40);
    }
    expect(await page.locator('.table .slot, .hand .sel').count()).toBe(0);
    const ids = await page.locator('.table .cell .card:not(.opt)').evaluateAll((cs) => cs.map((c) => (c as HTMLElement).dataset.id!));
    const id = ids.find((x) => FULL_TEXT[x.slice(x.indexOf(':') + 1)]);
    expect(id).toBeDefined();
    // By its name, at its top, as a person would: in a fanned horde the rest of it lies under the next card.
    await page.locator(`.table .card[data-id="${id}"]`).click({ position: { x: 24, y: 8 } });
    await page.locator('.detail .full').waitFor();
    expect(await page.locator('.detail .full').textContent()).toBe(`In full: ${FULL_TEXT[id!.slice(id!.indexOf(':') + 1)]}`);
    await shot(page, 'table-detail-1280');
    await page.keyboard.press('Escape');
    await page.locator('.detail').waitFor({ state: 'detached' });
    // Sound is off until turned on, and the choice is remembered.
    const sound = page.getByRole('button', { name: /^Sound/ });
    expect(await sound.getAttribute('aria-pressed')).toBe('false');
    // Turning it on plays the turn's cue (its tones' code is fetched then): its notes are counted.
    await page.evaluate(() => {
      const make = AudioContext.prototype.createOscillator;
      (window as unknown as { notes: number }).notes = 0;
      AudioContext.prototype.createOscillator = function (this: AudioContext) {
        (window as unknown as { notes: number }).notes++;
        return make.call(this);
      };
    });
    await sound.click();
    expect(await sound.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.evaluate(() => (window as unknown as { notes: number }).notes)).toBe(2);
    await page.reload();
    await page.locator('.board').waitFor();
    expect(await page.getByRole('button', { name: /^Sound/ }).getAttribute('aria-pressed')).toBe('true');
    await ctx.close();
  });

  it('tells an unknown match plainly on every route, with nothing logged as a console error', async () => {
    const ctx = await browser.newContext({ baseURL: server.http });
    const page = await pageIn(ctx);
    const errors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(e.message));
    const sockets: string[] = [];
    // Chromium's failed handshake reaches Playwright as the socket's error, not always as a console line.
    const frames: string[] = [];
    page.on('websocket', (ws) => {
      sockets.push(ws.url());
      ws.on('socketerror', (e) => errors.push(`socket error: ${e}`));
      ws.on('framereceived', (f) => frames.push(String(f.payload)));
    });
    // axe on each route's page once (the first id's): the other ids show the same page.
    const friendly = async (path: string, axe = true) => {
      await page.goto(path);
      await page.getByRole('heading', { name: 'No match here' }).waitFor();
      await page.getByText('There is no match').waitFor();
      await page.getByRole('link', { name: 'Go to the lobby' }).waitFor();
      expect(await page.locator('.board').count(), path).toBe(0);
      if (axe) expect(await axeProblems(page), path).toEqual([]);
    };
    // Well-formed ids of both lengths, and one the server's id check refuses.
    const unknown = ['QQQQQQQQQQ', 'QQQQQQQQQQQQQQQQQQQQQQ', 'not-a-match-id'];
    for (const id of unknown) {
      for (const path of [`/m/${id}`, `/m/${id}/watch`, `/m/${id}/replay`]) await friendly(path, id === unknown[0]);
    }
    // Only a spectator's page opened a socket (as it loaded, before any lookup), one each: the
    // server upgraded and closed it (4004: no refused handshake), and it was not tried again.
    expect(sockets).toEqual(unknown.map((id) => expect.stringContaining(`/api/matches/${id}/ws?`)));
    sockets.length = 0;
    frames.length = 0;
    // A match not over yet has no replay: said so, without asking for it (a 409 would be logged too).
    const { id: waiting } = await post('/api/matches', { players: 2 });
    await page.goto(`/m/${waiting}/replay`);
    await page.getByText('This match is not over yet').waitFor();
    await page.getByRole('link', { name: 'Watch the match' }).waitFor();
    expect(await axeProblems(page)).toEqual([]);
    // A seat this browser held in a match since deleted: its socket opens as the page loads, the
    // server closes it (4004, not a refused handshake), the page says so and forgets the token.
    const id = 'RRRRRRRRRRRRRRRRRRRRRR';
    await page.evaluate((k) => localStorage.setItem(k, JSON.stringify({ seat: 0, token: 'a-token-of-a-deleted-match' })), `dm.seat.${id}`);
    // The lookup held back a moment, so the socket's answer surely comes first (else the page may close it unanswered).
    await page.route('**/lookup', async (r) => { await new Promise((d) => setTimeout(d, 700)); await r.continue(); });
    await friendly(`/m/${id}`);
    expect(sockets).toHaveLength(1);
    await expect.poll(() => frames).toEqual([JSON.stringify({ type: 'error', code: 'not-found', message: 'No such match.' })]);
    await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), `dm.seat.${id}`)).toBeNull();
    expect(await page.locator('.toast').count()).toBe(0); // the page says it once, no toast over it
    await page.waitForTimeout(1500); // time for a reconnect, were one tried
    expect(sockets).toHaveLength(1);
    expect(await page.locator('[data-conn]').count()).toBe(0);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('a seat\'s (and a spectator\'s) link opens its socket while the page\'s files load, and the page plays on that one socket', async () => {
    /** A context whose pages record every WebSocket made (and whether the document was still being parsed). */
    const counting = async (key: string, value: string) => {
      const ctx = await browser.newContext({ baseURL: server.http });
      await ctx.addInitScript(([k, v]) => {
        localStorage.setItem(k!, v!);
        const made: { url: string; parsing: boolean }[] = ((window as unknown as { __made: unknown }).__made = []);
        const WS = window.WebSocket;
        window.WebSocket = class extends WS {
          constructor(url: string | URL, protocols?: string | string[]) {
            super(url, protocols);
            made.push({ url: String(url), parsing: document.readyState === 'loading' });
          }
        };
      }, [key, value]);
      return ctx;
    };
    const made = (page: Page) => page.evaluate(() => (window as unknown as { __made: { url: string; parsing: boolean }[] }).__made);

    const { id } = await post('/api/matches', { players: 2, bots: { 1: 'random' }, botDelayMs: 50 });
    const seat = await post(`/api/matches/${id}/join`, { name: 'Ann' });
    const ctx = await counting(`dm.seat.${id}`, JSON.stringify(seat));
    const page = await pageIn(ctx);
    const errors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`/m/${id}`);
    await page.locator('.hand .opt').first().waitFor();
    await page.locator('[data-conn="connected"]').waitFor();
    // One socket, made by index.html's inline script before the module bundle ran (the CSP lets it
    // run by its hash: a refused script would be a console error), and the page took it over.
    expect(await made(page)).toEqual([{ url: expect.stringContaining(`/api/matches/${id}/ws?`), parsing: true }]);
    expect((await made(page))[0]!.url).toContain(`token=${encodeURIComponent(seat.token)}`);
    // Moves travel on it and the bot's answers come back on it.
    const start = await version(page);
    for (let i = 0; i < 6 && !(await isOver(page)); i++) await clickOption(page);
    await expect.poll(() => version(page)).toBeGreaterThan(start);
    expect(await made(page)).toHaveLength(1);
    expect(errors).toEqual([]);
    await ctx.close();

    // A token the server refuses, told on the early socket before the bundle took it: the page
    // still hears it, forgets the seat and offers to join.
    const { id: other } = await post('/api/matches', { players: 2 });
    await post(`/api/matches/${other}/join`, { name: 'Bo' });
    const forged = await counting(`dm.seat.${other}`, JSON.stringify({ seat: 0, token: 'x'.repeat(43) }));
    const p2 = await pageIn(forged);
    await p2.goto(`/m/${other}`);
    await p2.getByRole('button', { name: 'Join the match' }).waitFor();
    expect(await p2.evaluate((k) => localStorage.getItem(k), `dm.seat.${other}`)).toBeNull();
    expect(await made(p2)).toHaveLength(1); // a refused token is not retried
    await forged.close();

    // A spectator's link too, with no token: the board is drawn from that one socket.
    const watching = await counting('dm.other', '1');
    const p3 = await pageIn(watching);
    p3.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await p3.goto(`/m/${id}/watch`);
    await p3.locator('.board').waitFor();
    await p3.locator('[data-conn="connected"]').waitFor();
    expect(await made(p3)).toEqual([{ url: expect.stringContaining(`/api/matches/${id}/ws?`), parsing: true }]);
    expect((await made(p3))[0]!.url).not.toContain('token=');
    expect(errors).toEqual([]);
    await watching.close();
  });
});

