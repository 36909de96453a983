// The invitation in real Chromium, at 1280x800 and on a 390x844 phone: a host who keeps the
// lobby's default name sends the link; the friend's page says who invites, to what and for how
// long, shows how a turn goes, and prefills a name the table does not hold, so both sit down
// keeping the defaults, under different names. No title or heading holds the match id. A clash
// that slips past the prefill (someone took the name meanwhile) still seats the person, under the
// name the server offers; a spectator is nobody by name until they choose one.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeProblems, person, shot } from '../../harness/browser';
import type { Server } from '../../harness/page-server';
import { pageSuite, postJson } from './suite';

let server: Server;
let browser: Browser;

pageSuite((s, b) => { server = s; browser = b; });

const idOf = (page: Page) => /\/m\/([\w-]+)/.exec(page.url())![1]!;

/** Everything a page calls itself: its tab title and its headings, visible or for screen readers only. */
const titles = async (page: Page) => [await page.title(), ...(await page.locator('h1, h2').allTextContents())];

/** The host: a fresh browser (no name remembered) that keeps the lobby's default and creates a table of 3, one seat for a friend. */
async function host(width: number, height: number): Promise<{ page: Page; id: string; hostName: string }> {
  const page = await person(browser, server.http, width, height);
  await page.goto('/');
  await page.locator('details.panel > summary').click();
  // The name this browser's player got on its first visit: "Player", numbered past the site's other players.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('dm.player'))).not.toBeNull();
  await expect.poll(() => page.getByLabel('Your name').inputValue()).toMatch(/^Player( \d+)?$/);
  const hostName = await page.getByLabel('Your name').inputValue();
  await page.getByLabel('Seats').selectOption('3');
  await page.locator('label', { hasText: 'Seat 3' }).locator('select').selectOption('person');
  await page.getByRole('button', { name: 'Create match' }).click();
  await page.waitForURL(/\/m\/[\w-]+$/);
  await page.getByRole('textbox', { name: 'Match link' }).waitFor();
  return { page, id: idOf(page), hostName };
}

describe('the invitation', () => {
  for (const [width, height] of [[1280, 800], [390, 844]] as const) {
    it(`at ${width}x${height}: names the host, shows the table and a turn, and seats a friend who keeps the prefilled name under a name of their own`, async () => {
      const { page: ann, id, hostName } = await host(width, height);
      const bob = await person(browser, server.http, width, height);
      await bob.goto(`/m/${id}`);
      await bob.getByRole('heading', { level: 1, name: `${hostName} invites you to play` }).waitFor();
      expect(await bob.title()).toBe(`${hostName} invites you to Darkmoor Online`);
      // To what: the game in two lines, who sits where, about how long, the table's rules.
      await bob.getByText(/^Retreat to Darkmoor: every player is a dark lord/).waitFor();
      const seats = bob.getByRole('list', { name: 'Seats' }).getByRole('listitem');
      expect((await seats.allTextContents()).map((t) => t.trim())).toEqual([hostName, 'Greedy bot 2 bot', 'open seat']);
      expect(await bob.locator('.invite-facts .about').textContent()).toMatch(/^3 players · about \d+ minutes$/);
      await bob.locator('.rules-line', { hasText: 'No turn clock' }).waitFor();
      // How a turn goes: three pictures of the table's own cards, a caption each.
      const pictures = bob.getByRole('list', { name: 'How a turn goes' }).locator('figure');
      expect(await pictures.count()).toBe(3);
      expect(await pictures.locator('.card').count()).toBeGreaterThanOrEqual(6);
      for (const caption of await pictures.locator('figcaption').allTextContents()) expect(caption.length).toBeGreaterThan(20);
      // One button; watching is a plain link beside it.
      expect(await bob.getByRole('main').getByRole('button').count()).toBe(1);
      // The name offered is one the table does not hold: Bob's own player's, made on this first visit.
      await expect.poll(() => bob.evaluate(() => localStorage.getItem('dm.player'))).not.toBeNull();
      const bobName = JSON.parse((await bob.evaluate(() => localStorage.getItem('dm.player')))!).name as string;
      await expect.poll(() => bob.getByLabel('Your name').inputValue()).toBe(bobName);
      expect(bobName).not.toBe(hostName);
      // The pictures are there from the first paint: their box does not move while the page settles.
      const box = await pictures.first().boundingBox();
      expect(await axeProblems(bob)).toEqual([]);
      expect(await pictures.first().boundingBox()).toEqual(box);
      // Nothing is wider than the screen.
      expect(await bob.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      for (const t of await titles(bob)) expect(t).not.toContain(id);
      await shot(bob, `invitation-${width}`);

      // Both kept the defaults; both sit, with different names.
      await bob.getByRole('button', { name: 'Join the match' }).click();
      await bob.locator('.board').waitFor();
      const names = (page: Page) => page.locator('.player b').allTextContents();
      await expect.poll(() => names(bob)).toEqual([hostName, 'Greedy bot 2', bobName]);
      await expect.poll(() => names(ann)).toEqual([hostName, 'Greedy bot 2', bobName]);
      expect(await bob.locator('.player', { has: bob.locator('.tag', { hasText: /^you$/ }) }).locator('b').textContent()).toBe(bobName);
      // The table's pages are named by the people, never the id.
      for (const page of [ann, bob]) {
        await expect.poll(() => page.title()).toMatch(new RegExp(`${hostName} vs Greedy bot 2 vs ${bobName} · Darkmoor Online$`));
        for (const t of await titles(page)) expect(t).not.toContain(id);
      }
      const carl = await person(browser, server.http, width, height);
      await carl.goto(`/m/${id}/watch`);
      await carl.locator('.board').waitFor();
      await expect.poll(() => carl.title()).toBe(`${hostName} vs Greedy bot 2 vs ${bobName} · Darkmoor Online`);
      await carl.getByRole('heading', { name: `Watching ${hostName} vs Greedy bot 2 vs ${bobName}` }).waitFor();
      for (const page of [ann, bob, carl]) await page.context().close();
    });
  }

  it('a clash after the page was drawn still seats the person, under the free name the server offers, and tells them', async () => {
    const { id } = await postJson<{ id: string }>(server, '/api/matches', { players: 4, bots: { 3: 'greedy' } });
    await postJson(server, `/api/matches/${id}/join`, { name: 'Ann' });
    const page = await person(browser, server.http);
    // A name remembered from before is offered where the table does not hold it.
    await page.goto('/rules');
    await page.evaluate(() => localStorage.setItem('dm.name', 'Dee'));
    await page.goto(`/m/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Ann invites you to play' }).waitFor();
    expect(await page.getByLabel('Your name').inputValue()).toBe('Dee');
    // Someone sits down as "Dee" while this page is open: the page could not know.
    await postJson(server, `/api/matches/${id}/join`, { name: 'DEE' });
    await page.getByRole('button', { name: 'Join the match' }).click();
    await page.locator('.toast', { hasText: 'Someone here is called “Dee” already: you sit as “Dee 2”.' }).waitFor();
    await page.locator('.board').waitFor();
    await expect.poll(() => page.locator('.player b').allTextContents()).toEqual(['Ann', 'DEE', 'Dee 2', 'Greedy bot 4']);
    expect(await axeProblems(page)).toEqual([]);
    await page.context().close();
  });

  it('a spectator is nobody by name until they choose one: never "Player"', async () => {
    const { id } = await postJson<{ id: string }>(server, '/api/matches', { players: 2, bots: { 1: 'greedy' }, botDelayMs: 5000 });
    await postJson(server, `/api/matches/${id}/join`, { name: 'Ann' });
    const seen = await person(browser, server.http);
    const kim = await person(browser, server.http);
    // The name form's code is held back until Kim has opened its stand-in: it stays open when it comes.
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    await kim.route(/\/assets\/show-name-[\w-]+\.js$/, async (route) => { await held; await route.continue(); });
    for (const p of [seen, kim]) await p.goto(`/m/${id}/watch`);
    await expect.poll(() => seen.locator('.spectating [role="status"]').textContent()).toMatch(/2 watching/);
    expect(await seen.locator('.watchers').textContent()).toBe(''); // nobody named (the line keeps its place, empty)
    await kim.getByText('Show my name').click();
    expect(await kim.getByLabel('Name to show').count()).toBe(0); // still the stand-in
    release();
    const field = kim.getByLabel('Name to show');
    await field.waitFor(); // visible: the form came open
    expect(await field.inputValue()).toBe(''); // nothing chosen for them
    expect(await axeProblems(kim)).toEqual([]);
    await shot(kim, 'spectator-show-name');
    await field.fill('Kim');
    await kim.getByRole('button', { name: 'Show it' }).click();
    await kim.getByText('You show as Kim').waitFor();
    await expect.poll(() => seen.locator('.watchers').textContent()).toBe('Watching: Kim and 1 more');
    await kim.getByRole('button', { name: 'Hide my name' }).click();
    await expect.poll(() => seen.locator('.watchers').textContent()).toBe('');
    for (const p of [seen, kim]) await p.context().close();
  });
});
