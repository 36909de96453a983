// /tv in real Chromium against the real server: with nobody playing in public it shows the
// house match of bots (fast here: TV_BOT_DELAY_MS), as a spectator (no hand), and once that
// match ends it shows the result, then moves on to the next; axe-core finds no problem.
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeProblems, person } from '../../harness/browser';
import type { Server } from '../../harness/page-server';
import { pageSuite } from './suite';

let server: Server;
let browser: Browser;

pageSuite((s, b) => { server = s; browser = b; }, { TV_BOT_DELAY_MS: '20' });

describe('/tv', () => {
  it('shows a match in play, its result when it ends, then the next', async () => {
    const page = await person(browser, server.http);
    await page.goto('/tv');
    const tv = page.locator('.tv[data-match]');
    await tv.waitFor();
    const first = await tv.getAttribute('data-match');
    expect(first).toMatch(/^[0-9A-Za-z]{22}$/);
    await page.locator('.board').waitFor();
    // A spectator's view: the house's four bots, no hand.
    await expect.poll(() => page.locator('.player').count()).toBe(4);
    expect(await page.locator('.hand .card').count()).toBe(0);
    await expect.poll(() => page.getByText('Spectating').count()).toBeGreaterThan(0);
    expect(await axeProblems(page)).toEqual([]);
    // The bots play while someone watches: the match ends, its result shows...
    await page.getByText('Match over: the next one starts in a few seconds.').waitFor({ timeout: 120_000 });
    expect(await tv.getAttribute('data-match')).toBe(first);
    expect(await axeProblems(page)).toEqual([]);
    // ...and then /tv follows the next match.
    await expect.poll(() => tv.getAttribute('data-match'), { timeout: 30_000 }).not.toBe(first);
    await page.getByText('A match in play, live.').waitFor();
    await page.locator('.board').waitFor();
    expect(await page.locator('.hand .card').count()).toBe(0);
    await page.close();
  });
});
