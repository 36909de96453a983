// Learn to play (web/src/board/coach.tsx, shared/lessons.ts): a guided match against a bot on a
// prepared deal, a coach that names each rule where it first matters and outlines its place, the
// search bot's move marked at each decision, every step put away or the whole lesson skipped,
// and the landing page remembering it once finished.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeProblems, clickOption, isOver, person, shot } from '../../harness/browser';
import type { Server } from '../../harness/page-server';
import { pageSuite } from './suite';

let server: Server;
let browser: Browser;

pageSuite((s, b) => { server = s; browser = b; });

async function startLesson(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'New here? Learn to play' }).click();
  await page.waitForURL(/\/m\/[\w-]+$/);
}

const learned = (page: Page) => page.evaluate(() => localStorage.getItem('dm.learned'));

/** An invitation to a friend's 2-seat table (made by the API), as the page offers it. */
async function invitation(page: Page) {
  const res = await fetch(`${server.http}/api/matches`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ players: 2 }) });
  const { id } = await res.json() as { id: string };
  await page.goto(`/m/${id}`);
  await page.getByRole('button', { name: 'Join the match' }).waitFor();
  return page.getByRole('link', { name: 'Learn to play first' });
}

describe('learn to play', () => {
  it('at 1280x800: the coach names each rule as it first comes up, the right move is marked, and the end is remembered', async () => {
    const page = await person(browser, server.http, 1280, 800);
    // Someone invited who never played here is offered the lesson, beside the invitation.
    const offer = await invitation(page);
    expect(await offer.getAttribute('href')).toBe('/learn');
    expect(await offer.getAttribute('target')).toBe('_blank');
    await startLesson(page);
    const coach = page.getByRole('region', { name: 'Learning to play' });
    await coach.getByText('Your turn.').waitFor();
    // The place it talks about is outlined; the search bot's move is marked on the table.
    expect(await page.locator('.hand[data-coach]').count()).toBe(1);
    await page.locator('.board [data-hinted]').first().waitFor();
    // The coach asks for every hint, so no count of them is the learner's.
    expect(await page.locator('.hintbar').textContent()).not.toMatch(/Hints used/);
    expect(await axeProblems(page)).toEqual([]);
    await shot(page, 'learn-1280');
    // The deal is the lesson's: the learner holds its five minions.
    expect(await page.locator('.hand .card .name').allTextContents()).toEqual(['Dire Bear', 'Ogre Brute', 'Stalwart Shield\u00ADbearer', 'Barrow Colossus', 'Vampire Countess']);
    const seen: string[] = [];
    const deadline = Date.now() + 150_000;
    while (!(await isOver(page))) {
      if (Date.now() > deadline) throw new Error(`lesson not over; the coach said ${seen.join(', ')}`);
      const got = coach.getByRole('button', { name: 'Got it' });
      if (await got.count()) {
        seen.push((await coach.locator('b').first().textContent())!.replace(/\.$/, ''));
        await got.click();
        continue;
      }
      if (!(await clickOption(page))) await page.waitForTimeout(80);
    }
    // In the order they first mattered, each once.
    expect(seen.slice(0, 2)).toEqual(['Your turn', 'Peril']);
    expect(seen).toEqual(expect.arrayContaining(['A hero attacks', 'The haven', 'Scoring']));
    expect(new Set(seen).size).toBe(seen.length);
    await page.locator('.score .coach', { hasText: 'That is a whole match' }).waitFor();
    expect(await page.locator('.score .hints-used').count()).toBe(0);
    expect(await learned(page)).toBe('1');
    await page.goto('/');
    await page.getByRole('button', { name: 'Learn to play again' }).waitFor();
    await page.getByText('You finished the lesson ✓').waitFor();
    await page.context().close();
  });

  it('at 390x844: the coach sits above the decision, a refresh keeps what was put away, and the whole lesson can be skipped', async () => {
    const page = await person(browser, server.http, 390, 844);
    await startLesson(page);
    const coach = page.getByRole('region', { name: 'Learning to play' });
    await coach.getByText('Your turn.').waitFor();
    expect(await coach.evaluate((c) => !!c.closest('.dock'))).toBe(true);
    expect(await axeProblems(page)).toEqual([]);
    await shot(page, 'learn-390');
    await coach.getByRole('button', { name: 'Got it' }).click();
    await page.reload();
    await page.locator('.board').waitFor();
    await page.locator('.hand .opt').first().waitFor();
    // "Your turn" was put away, and stays so; the lesson goes on with the next rule when it comes.
    expect(await coach.getByText('Your turn.').count()).toBe(0);
    while (!(await coach.count())) if (!(await clickOption(page))) await page.waitForTimeout(80);
    await coach.getByRole('button', { name: 'Skip the lesson' }).click();
    await expect.poll(() => coach.count()).toBe(0);
    expect(await learned(page)).toBe('1');
    // Once learned, an invitation no longer offers it; /learn itself is a link anyone may share.
    expect(await (await invitation(page)).count()).toBe(0);
    await page.goto('/learn');
    await page.waitForURL(/\/m\/[\w-]+$/);
    await page.locator('.board').waitFor();
    await page.context().close();
  });
  it('puts "Your turn" away once the learner has played, with no "Got it", and it stays away', async () => {
    const page = await person(browser, server.http, 1280, 800);
    await startLesson(page);
    const coach = page.getByRole('region', { name: 'Learning to play' });
    await coach.getByText('Your turn.').waitFor();
    const board = page.locator('.board');
    const start = await board.getAttribute('data-version');
    // A play is two clicks: a card, then its place.
    while ((await board.getAttribute('data-version')) === start) if (!(await clickOption(page))) await page.waitForTimeout(80);
    await expect.poll(() => coach.getByText('Your turn.').count()).toBe(0);
    // The next play of theirs, after a refresh: the step does not come back.
    await page.reload();
    await page.locator('.hand .opt').first().waitFor();
    expect(await coach.getByText('Your turn.').count()).toBe(0);
    await page.context().close();
  });
  it('by keys alone: Enter puts each step away, and the number keys play the marked move to the end', async () => {
    const page = await person(browser, server.http, 1280, 800);
    await startLesson(page);
    const coach = page.getByRole('region', { name: 'Learning to play' });
    await coach.getByText('Your turn.').waitFor();
    let keys = 0;
    let waited = 0;
    const deadline = Date.now() + 150_000;
    while (!(await isOver(page))) {
      if (Date.now() > deadline) throw new Error(`lesson not over after ${keys} keys`);
      const got = coach.getByRole('button', { name: 'Got it' });
      if (await got.count()) {
        await got.focus();
        await page.keyboard.press('Enter');
        continue;
      }
      // The move the coach marked, by its key (a play is two: the card, then its place).
      const key = await page.evaluate(() => document.querySelector('.board [data-hinted][aria-keyshortcuts]')?.getAttribute('aria-keyshortcuts') ?? null);
      // A decision whose marked move has no card (declining, say): the first option's key after a wait.
      if (!key && (++waited < 30 || !(await page.locator('.board [aria-keyshortcuts="1"]').count()))) { await page.waitForTimeout(80); continue; }
      waited = 0;
      const before = await page.evaluate(() => [document.querySelector('.board')?.getAttribute('data-version'), document.querySelectorAll('.hand .sel').length].join());
      await page.keyboard.press(key ?? '1');
      keys++;
      await page.waitForFunction((b) => [document.querySelector('.board')?.getAttribute('data-version'), document.querySelectorAll('.hand .sel').length].join() !== b || !!document.querySelector('.board[data-over]'), before, { timeout: 10_000 });
    }
    expect(keys).toBeGreaterThan(10);
    await page.locator('.score .coach', { hasText: 'That is a whole match' }).waitFor();
    await page.context().close();
  });
});
