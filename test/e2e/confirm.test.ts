// Misclicks caught (web/src/board/confirm.tsx): on a touch screen a play is named and waits for
// "Play it"; Escape, Cancel or a tap elsewhere drops it and nothing is sent; with a mouse it is
// off until the player turns it on, and the setting is remembered.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeProblems, pageIn, shot, version } from '../../harness/browser';
import type { Server } from '../../harness/page-server';
import { pageSuite, postJson } from './suite';

let server: Server;
let browser: Browser;

pageSuite((s, b) => { server = s; browser = b; });

/** A page seated at a new match against a slow bot, at its first decision of its own. */
async function seated(opts: { touch: boolean }): Promise<Page> {
  const ctx = await browser.newContext({
    baseURL: server.http, ...(opts.touch ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } : { viewport: { width: 1280, height: 800 } }),
  });
  const page = await pageIn(ctx);
  page.on('pageerror', (e) => { throw new Error(`page error: ${e.message}`); });
  const { id } = await postJson<{ id: string }>(server, '/api/matches', { players: 2, bots: { 1: 'greedy' }, botDelayMs: 300 });
  await page.goto(`/m/${id}`);
  await page.getByLabel('Your name').fill('Cora');
  await page.getByRole('button', { name: 'Join the match' }).click();
  await page.locator('.decision.mine .hand, .decision.mine').first().waitFor({ timeout: 15_000 });
  await page.locator('.hand .opt').first().waitFor();
  return page;
}

/** Pick the first playable card (unless one is picked still: a dropped confirm keeps it), then the first place the decision bar offers for it. */
async function pickPlay(page: Page, touch: boolean): Promise<void> {
  const card = page.locator('.hand .opt').first();
  if (!(await page.locator('.hand .sel').count())) {
    if (touch) await card.tap(); else await card.click();
  }
  const place = page.locator('.decision .acts button.opt').first();
  if (await place.count()) {
    if (touch) await place.tap(); else await place.click();
  }
}

describe('confirm a play', () => {
  it('on a touch screen a play waits for its confirm; Escape, Cancel and a tap elsewhere drop it', async () => {
    const page = await seated({ touch: true });
    expect(await page.getByLabel('Confirm each play before it is sent').isChecked()).toBe(true);
    const v0 = await version(page);
    const question = page.getByRole('group', { name: 'Confirm your play' });
    await pickPlay(page, true);
    await question.waitFor();
    expect(await question.textContent()).toMatch(/^Play the .+ to .+\?/);
    await shot(page, 'confirm-390');
    expect(await axeProblems(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    await pickPlay(page, true);
    await question.getByRole('button', { name: 'Cancel' }).tap();
    await question.waitFor({ state: 'detached' });
    await pickPlay(page, true);
    await question.waitFor();
    await page.locator('.log').tap();
    await question.waitFor({ state: 'detached' });
    // Nothing was sent by any of them.
    expect(await version(page)).toBe(v0);
    expect(await page.locator('.decision .hint', { hasText: 'Sent…' }).count()).toBe(0);
    await pickPlay(page, true);
    await question.getByRole('button', { name: 'Play it' }).tap();
    await expect.poll(() => version(page), { timeout: 10_000 }).toBeGreaterThan(v0);
    await page.context().close();
  });

  it('with a mouse a play goes at once until the setting is turned on, which is remembered', async () => {
    const page = await seated({ touch: false });
    const setting = page.getByLabel('Confirm each play before it is sent');
    expect(await setting.isChecked()).toBe(false);
    const v0 = await version(page);
    await pickPlay(page, false);
    await expect.poll(() => version(page), { timeout: 10_000 }).toBeGreaterThan(v0);
    await setting.check();
    await page.reload();
    await page.locator('.board').waitFor();
    expect(await page.getByLabel('Confirm each play before it is sent').isChecked()).toBe(true);
    await page.context().close();
  });
});
