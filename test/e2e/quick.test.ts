// Quick match in real Chromium: two people who ask for a 2-player table within the window land
// at one table, a person seat each, having seen the countdown and each other's names; one who
// leaves the page before the window ends leaves the queue, and the other then gets bots. Each
// person asks from an address of their own (one address has one seat of a quick table).
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeProblems, person, shot, stranger } from '../../harness/browser';
import type { Server } from '../../harness/page-server';
import { pageSuite } from './suite';

let server: Server;
let browser: Browser;

pageSuite((s, b) => { server = s; browser = b; });

/** The landing page with a name and a table size chosen, the button not yet pressed. */
async function ready(page: Page, name: string, players: number): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Table').selectOption(String(players));
}

/** Press the quick-match button; the wait shows. */
async function press(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(Quick match|Play now with \d+ waiting)$/ }).click();
  await page.getByRole('region', { name: 'Quick match' }).waitFor();
}

async function ask(page: Page, name: string, players: number): Promise<void> {
  await ready(page, name, players);
  await press(page);
}

const names = (page: Page) => page.locator('.quick-wait .names li').allTextContents();
/** The names waiting, with what the page shows around them (the wait's words, a toast, its address). */
const waitOf = async (page: Page) => ({
  names: await names(page), shown: await page.locator('.quick-wait .count').textContent({ timeout: 100 }).catch(() => null),
  toast: await page.locator('.toast').allTextContents(), url: page.url(),
});
const secs = (page: Page) => page.locator('.quick-wait .secs').textContent().then(Number);

/** The seat this browser saved for the match it was sent to. */
async function seatOf(page: Page): Promise<{ id: string; seat: number }> {
  await page.waitForURL(/\/m\/[A-Za-z0-9_-]+$/, { timeout: 20_000 });
  const id = new URL(page.url()).pathname.split('/')[2]!;
  const seat = await page.evaluate((id) => JSON.parse(localStorage.getItem(`dm.seat.${id}`) ?? 'null'), id);
  return { id, seat: seat.seat };
}

describe('quick match', () => {
  it('two people asking within the window sit at one table; the countdown and names show while waiting', async () => {
    const ann = await stranger(browser, server.http, 390, 844);
    const bob = await stranger(browser, server.http);
    await Promise.all([ann.goto('/'), bob.goto('/')]);
    // The landing page on a phone: the main button and its neighbours are 44 px or more, nothing overflows.
    for (const b of await ann.locator('.quick-play button, .quick-play select').all()) expect((await b.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await ann.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeProblems(ann)).toEqual([]);
    await shot(bob, 'quick-landing-1280');
    await ask(ann, 'Annika', 2);
    await expect.poll(() => names(ann), { timeout: 10_000 }).toEqual(['Annika']);
    const s = await secs(ann);
    expect(s).toBeGreaterThan(0);
    expect(s).toBeLessThanOrEqual(10);
    // Bob's page, open already, learns someone waits (the button says so; it looks every 2.5 s), and
    // one click seats them both: at once, within her window (the waiting page is judged in the
    // last test, where no second person races the window).
    await bob.getByRole('button', { name: 'Play now with 1 waiting' }).waitFor({ timeout: 8_000 });
    await bob.getByLabel('Your name').fill('Bobbin');
    await bob.getByRole('button', { name: 'Play now with 1 waiting' }).click();
    const [a, b] = await Promise.all([seatOf(ann), seatOf(bob)]);
    expect(a.id).toBe(b.id);
    expect(new Set([a.seat, b.seat])).toEqual(new Set([0, 1]));
    // Each page plays its own seat: the table names them both, no bot.
    await ann.locator('.board').waitFor();
    const summary = await (await fetch(`${server.http}/api/matches/${a.id}`)).json() as { seats: { kind: string; name: string }[] };
    expect(summary.seats.map((x) => [x.kind, x.name])).toEqual([['human', 'Annika'], ['human', 'Bobbin']]);
    await ann.context().close();
    await bob.context().close();
  });

  it('one leaving the page before the window ends leaves the queue; the other then gets bots', async () => {
    const cat = await stranger(browser, server.http);
    const dan = await stranger(browser, server.http, 390, 844);
    // Both pages ready first, then both ask at once: her window (10 s from a round's first arrival)
    // must still be open when he leaves, and on a loaded machine a page's word from the queue may
    // take seconds, so neither waits for the other's. Two sockets opened together reach the queue
    // in either order (the list is in arrival order): either way the round is theirs.
    await Promise.all([ready(cat, 'Catrin', 3), ready(dan, 'Danno', 3)]);
    await Promise.all([press(cat), press(dan)]);
    const both = (page: Page) => waitOf(page).then((w) => ({ ...w, names: w.names.sort() }));
    // Should it not come, the failure shows what her page said instead.
    await expect.poll(() => both(cat), { timeout: 9_000 }).toMatchObject({ names: ['Catrin', 'Danno'] });
    await expect.poll(async () => (await names(dan)).sort()).toEqual(['Catrin', 'Danno']);
    expect(await dan.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Dan leaves the page mid-window.
    await dan.goto('about:blank');
    await expect.poll(() => names(cat), { timeout: 5_000 }).toEqual(['Catrin']);
    const c = await seatOf(cat);
    const summary = await (await fetch(`${server.http}/api/matches/${c.id}`)).json() as { seats: { kind: string; name: string }[] };
    expect(summary.seats.map((x) => x.kind)).toEqual(['human', 'bot', 'bot']);
    expect(summary.seats[c.seat]!.name).toBe('Catrin');
    await cat.context().close();
    await dan.context().close();
  });

  it('works by keys: Tab to the button, Enter asks, Leave the queue returns', async () => {
    const eve = await person(browser, server.http, 390, 844);
    await eve.goto('/');
    await eve.getByLabel('Your name').fill('Evelyn');
    await eve.getByRole('button', { name: /^(Quick match|Play now with \d+ waiting)$/ }).focus();
    await eve.keyboard.press('Enter');
    await eve.locator('.quick-wait .secs').waitFor({ timeout: 10_000 });
    // The wait, on a phone: whole, and nothing axe finds.
    expect(await axeProblems(eve)).toEqual([]);
    await shot(eve, 'quick-waiting-390');
    await eve.getByRole('button', { name: 'Leave the queue' }).focus();
    await eve.keyboard.press('Enter');
    await eve.getByRole('button', { name: /^(Quick match|Play now with \d+ waiting)$/ }).waitFor();
    await expect.poll(async () => ((await (await fetch(`${server.http}/api/quick`)).json()) as { waiting: Record<string, number> }).waiting['2'], { timeout: 8_000 }).toBe(0);
    await eve.context().close();
  });
});
