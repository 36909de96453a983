// Players in the browser: a fresh browser gets a player on its first visit with no step of its own,
// plays a match under that name, and finds it on its page (/p/<id>) with links to the replay and the
// analysis, and among "your matches" on the landing page, read from the server. Another name plays
// anonymously, and the match is not kept.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PlayerCreated, PlayerProfile } from '../../shared/protocol/http';
import { axeProblems, person, playToEnd, shot } from '../../harness/browser';
import type { Server } from '../../harness/page-server';
import { pageSuite } from './suite';

let server: Server;
let browser: Browser;

pageSuite((s, b) => { server = s; browser = b; });

/** The player this browser made, once it is made. */
async function playerOf(page: Page): Promise<PlayerCreated> {
  const read = () => page.evaluate(() => localStorage.getItem('dm.player'));
  await expect.poll(read).not.toBeNull();
  return JSON.parse((await read())!) as PlayerCreated;
}

const profile = async (id: string): Promise<PlayerProfile> => (await fetch(`${server.http}/api/players/${id}`)).json() as Promise<PlayerProfile>;

/** From the lobby: a match against an instant bot, played to its end by clicking. */
async function playABot(page: Page): Promise<string> {
  await page.locator('details.panel > summary').click();
  await page.getByLabel('Bot pace').selectOption('50');
  await page.getByRole('button', { name: 'Play now against a bot' }).click();
  await page.waitForURL(/\/m\/[\w-]+$/);
  await playToEnd([page]);
  return /\/m\/([\w-]+)/.exec(page.url())![1]!;
}

describe('players in the browser', () => {
  it('a first visit makes a player; a match played under its name is on its page and the landing page', async () => {
    const page = await person(browser, server.http);
    await page.goto('/');
    const me = await playerOf(page);
    expect(me.id).toMatch(/^[0-9A-Za-z]{22}$/);
    // The name offered is the player's own.
    await expect.poll(() => page.getByLabel('Your name').inputValue()).toBe(me.name);
    const id = await playABot(page);
    await expect.poll(() => page.locator('.player', { hasText: me.name }).locator('.tag', { hasText: 'you' }).count()).toBe(1);

    // On the player's page: the match, with the places and the links to its replay and analysis.
    await page.goto(`/p/${me.id}`);
    await page.getByRole('heading', { name: new RegExp(`^${me.name}`) }).waitFor();
    const finished = page.getByRole('region', { name: 'Finished matches' });
    await expect.poll(() => finished.locator('li').count()).toBe(1);
    expect(await finished.textContent()).toMatch(new RegExp(`(1st|2nd) of 2.*${me.name} \\((1st|2nd)\\).*Greedy bot 2 \\((1st|2nd)\\)`));
    expect(await page.getByRole('region', { name: 'Ratings' }).textContent()).toMatch(/2 players1500 ± 350provisional0/);
    expect(await axeProblems(page)).toEqual([]);
    await shot(page, 'player-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'player-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    expect((await profile(me.id)).matches.map((m) => m.id)).toEqual([id]);
    await finished.getByRole('link', { name: 'Analysis' }).click();
    await page.waitForURL(`**/m/${id}/analysis`);
    await page.goBack();
    await finished.getByRole('link', { name: 'Replay' }).click();
    await page.getByRole('heading', { name: `Replay: ${me.name} vs Greedy bot 2` }).waitFor();

    // The landing page's "your matches" has it too, from the server.
    await page.goto('/');
    const mine = page.getByRole('region', { name: 'Your matches' });
    await expect.poll(() => mine.locator('li').count()).toBe(1);
    expect(await mine.textContent()).toMatch(new RegExp(`Finished, place [12] of 2: ${me.name}, Greedy bot 2`));
    expect(await axeProblems(page)).toEqual([]);
    await shot(page, 'lobby-player-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'lobby-player-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await mine.getByRole('link', { name: 'All of them' }).click();
    await page.waitForURL(`**/p/${me.id}`);
    await page.context().close();
  });

  it('under another name the match is anonymous: not kept on the player\'s page', async () => {
    const page = await person(browser, server.http);
    await page.goto('/');
    const me = await playerOf(page);
    await expect.poll(() => page.getByLabel('Your name').inputValue()).toBe(me.name);
    await page.getByLabel('Your name').fill('Someone Else');
    await expect.poll(() => page.locator('#name-kept').textContent()).toMatch(/not kept on your page/);
    const id = await playABot(page);
    await expect.poll(() => page.locator('.player', { hasText: 'Someone Else' }).count()).toBe(1);
    expect((await profile(me.id)).matches).toEqual([]);
    // The match is over and known, so the absence above is not a write still on its way.
    expect((await (await fetch(`${server.http}/api/matches/${id}`)).json()).status).toBe('over');
    await page.context().close();
  });
});
