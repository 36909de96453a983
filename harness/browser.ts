// Real Chromium (the one harness/chromium.ts finds) driven by playwright-core, and
// the one move a test player makes: click a highlighted option.
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request } from 'playwright-core';
import { addressProxy } from './address-proxy';
import { findChromium } from './chromium';

export const ARTIFACTS = 'test/artifacts';

const CHROMIUM = () => ({
  executablePath: findChromium(),
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

/**
 * Pages move nothing unless their test asks for motion (`reducedMotion: 'no-preference'`: the
 * table's whole match, the steady seat): with bots moving every 100 ms, each view's motion kept
 * Chromium drawing for no assertion. Asked of every context: Playwright's own default
 * ('no-preference') overrode Chromium's --force-prefers-reduced-motion, so pages still moved.
 */
function stillByDefault(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options) => newContext({ reducedMotion: 'reduce', ...options });
  return browser;
}

/** A Chromium of this process's own. */
export async function launch(): Promise<Browser> {
  mkdirSync(ARTIFACTS, { recursive: true });
  return stillByDefault(await chromium.launch(CHROMIUM()));
}

let shared: Promise<Browser> | undefined;

/**
 * One Chromium for every browser file of this test process: the e2e files share their process and
 * its modules (vitest.config.ts, `isolate: false`), so this is launched once a run (a launch and
 * close cost ~2.4 s of CPU). Launched here rather than by the global setup for files to connect to:
 * Playwright's server half then ran in Vitest's main process, every command crossing one more
 * socket. Closed when the process exits (Playwright's own exit and signal handlers).
 */
export const sharedBrowser = (): Promise<Browser> => (shared ??= launch());

/**
 * A new page in `ctx` whose navigations are done once the document is parsed, not when every
 * picture has loaded: a test reads the page's content, which it waits for itself (in full runs a
 * page sometimes held its load event past 30 s; the cause is not found yet, so what it waited for
 * is said).
 */
export async function pageIn(ctx: BrowserContext): Promise<Page> {
  const page = await ctx.newPage();
  // What the page still waits for: named when a navigation times out, and said on the console
  // when the page closes with a request held over 10 s (a file the local server never answered).
  const pending = new Map<Request, number>();
  page.on('request', (r) => pending.set(r, Date.now()));
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  const held = (over = 0) => [...pending].filter(([, at]) => Date.now() - at >= over).map(([r, at]) => `${r.url()} (${((Date.now() - at) / 1000).toFixed(0)} s)`);
  page.on('close', () => {
    const long = held(10_000);
    if (long.length) console.warn(`a page closed with requests held: ${long.join(', ')}`);
  });
  const goto = page.goto.bind(page);
  page.goto = (url, options) => goto(url, { waitUntil: 'domcontentloaded', ...options }).catch((e: Error) => {
    e.message += `\nstill loading: ${held().join(', ') || 'nothing'}`;
    throw e;
  });
  return page;
}

/** A fresh context (its own storage: a different person) with one page. */
export async function person(browser: Browser, base: string, width = 1280, height = 900): Promise<Page> {
  const page = await pageIn(await browser.newContext({ baseURL: base, viewport: { width, height } }));
  page.on('pageerror', (e) => { throw new Error(`page error: ${e.message}`); });
  // The app runs under its real Content-Security-Policy (no bypassCSP): anything it blocks is a bug.
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) throw new Error(`CSP violation: ${m.text()}`);
  });
  return page;
}

let strangers = 0;

/**
 * A person at an address of their own (through harness/address-proxy.ts, as the edge would tell
 * it), for what one address may do only once: one seat of a quick table. Closing the page's
 * context closes its proxy.
 */
export async function stranger(browser: Browser, base: string, width = 1280, height = 900): Promise<Page> {
  const n = ++strangers;
  const proxy = await addressProxy(base, `10.77.${(n >> 8) & 255}.${n & 255}`);
  const page = await person(browser, proxy.url, width, height);
  page.context().on('close', () => void proxy.close());
  return page;
}

/**
 * The screenshots browser tests take for a person to look at (test/artifacts/), taken when
 * DARKMOOR_SHOTS=1: a verdict needs none, and each full page cost Chromium most of a second.
 */
const SHOTS = process.env.DARKMOOR_SHOTS === '1';

/** A full-page screenshot (with DARKMOOR_SHOTS=1); sticky bars are unstuck for it, or they would land mid-page. */
export async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  // Through the CSSOM: the page's CSP refuses an injected <style> (style-src 'self').
  const unstick = (on: boolean) => page.evaluate((on) => {
    for (const el of document.querySelectorAll<HTMLElement>('header.top, .decision')) {
      if (on) el.style.setProperty('position', 'static', 'important');
      else el.style.removeProperty('position');
    }
  }, on);
  await unstick(true);
  await page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: true });
  await unstick(false);
}

/** A screenshot of one part of a page (with DARKMOOR_SHOTS=1). */
export async function shotOf(part: Locator, name: string): Promise<void> {
  if (SHOTS) await part.screenshot({ path: `${ARTIFACTS}/${name}.png` });
}

export const version = (page: Page): Promise<number> =>
  page.locator('.board').getAttribute('data-version').then(Number);

export const isOver = async (page: Page): Promise<boolean> => (await page.locator('.board[data-over]').count()) > 0;

/**
 * Click one highlighted option, if this page has any. With a hand card
 * picked, click a location (or another target) rather than another hand card.
 * Returns whether it clicked.
 */
/** What a player may click now, and of it what is not in the hand (a place, another target). */
const OPTIONS = '.opt:not([disabled])';
const TARGETS = `${OPTIONS}:not(.hand .opt)`;

export async function clickOption(page: Page, rng: () => number = Math.random): Promise<boolean> {
  // What there is to click, read in one step (each question to the page is a round trip, and a
  // match is hundreds of clicks): a play waiting for its confirm (on by default on touch screens:
  // web/src/board/confirm.tsx) is made by "Play it"; with a hand card picked, a target.
  const pick = await page.evaluate(([r, options, targets]) => {
    const board = document.querySelector<HTMLElement>('.board');
    const version = board?.dataset.version ?? null;
    if (document.querySelector('.confirm button.primary')) return { kind: 'confirm' as const, version, index: 0, inHorde: false };
    const all = [...document.querySelectorAll<HTMLElement>(options)];
    if (!all.length) return null;
    const aimed = [...document.querySelectorAll<HTMLElement>(targets)];
    const useTargets = !!document.querySelector('.hand .sel') && aimed.length > 0;
    const from = useTargets ? aimed : all;
    const index = Math.floor(r * from.length);
    return { kind: useTargets ? 'target' as const : 'any' as const, version, index, inHorde: !!from[index]!.closest('.table .cell') };
  }, [rng(), OPTIONS, TARGETS] as const);
  if (!pick) return false;
  const before = pick.version;
  if (pick.kind === 'confirm') {
    const clicked = await page.locator('.confirm button.primary').click({ timeout: 2000 }).then(() => true, () => false);
    if (clicked) await page.waitForFunction((b) => document.querySelector<HTMLElement>('.board')?.dataset.version !== b, before, { timeout: 5000 }).catch(() => {});
    return clicked;
  }
  const target = page.locator(pick.kind === 'target' ? TARGETS : OPTIONS).nth(pick.index);
  try {
    // A horde's card is clicked by its name, at its top: in a fanned horde the rest of it lies under the next card.
    await target.click({ timeout: 2000, ...(pick.inHorde ? { position: { x: 24, y: 8 } } : {}) });
  } catch {
    return false; // the options changed under us (a new view arrived): look again
  }
  // Wait for what the click causes: a picked card, or the server's next view.
  await page.waitForFunction((b) => {
    const board = document.querySelector<HTMLElement>('.board');
    return !board || board.dataset.version !== b || !!document.querySelector('.hand .sel') || 'over' in board.dataset;
  }, before, { timeout: 5000 }).catch(() => {});
  return true;
}

/** Every page clicks its options until the match is over on all of them. */
export async function playToEnd(pages: Page[], opts: { limit?: number; onClick?: (clicks: number) => Promise<void> } = {}): Promise<number> {
  let clicks = 0;
  const deadline = Date.now() + 150_000;
  for (;;) {
    if ((await Promise.all(pages.map(isOver))).every(Boolean)) return clicks;
    if (Date.now() > deadline || clicks > (opts.limit ?? 600)) throw new Error(`match not over after ${clicks} clicks`);
    let any = false;
    for (const p of pages) {
      if (await clickOption(p)) {
        any = true;
        clicks++;
        await opts.onClick?.(clicks);
      }
    }
    if (!any) await pages[0]!.waitForTimeout(60);
  }
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Accessibility problems axe-core finds on the page as it is now (WCAG A and AA rules and
 * best practices), one line each: "impact rule: help (where)". Empty when none.
 */
export async function axeProblems(page: Page): Promise<string[]> {
  // Evaluated by the test tool (DevTools protocol), not as an inline <script>, which the page's CSP refuses.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // Contrast is judged on the table at rest: a card caught fading in (a view that just arrived)
  // would be measured half transparent. So motion is off while axe runs (the page honours
  // reduced motion at once) and what still moves is brought to its end; then as it was.
  const reduced = await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    return await runAxe(page);
  } finally {
    await page.emulateMedia({ reducedMotion: reduced ? 'reduce' : 'no-preference' });
  }
}

async function runAxe(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    for (const a of document.getAnimations()) {
      try { a.finish(); } catch { /* an endless animation cannot finish; none is a fade */ }
    }
  });
  const violations = await page.evaluate(async () => {
    // Only the violations are wanted: axe then keeps one node of each passing rule, not all of them.
    const r = await (window as unknown as { axe: { run(options: object): Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } })
      .axe.run({ resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')})`);
  });
  return violations;
}
