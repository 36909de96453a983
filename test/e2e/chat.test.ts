// Table chat in real Chromium: two friends at a private table talk; a line is shown as text,
// never markup; a refresh keeps what was said; one can hide it; a public table has no chat.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeProblems, person, shot } from '../../harness/browser';
import type { Server } from '../../harness/page-server';
import { pageSuite, postJson } from './suite';

let server: Server;
let browser: Browser;

pageSuite((s, b) => { server = s; browser = b; });

async function sitDown(page: Page, id: string, name: string): Promise<void> {
  await page.goto(`/m/${id}`);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Join the match' }).click();
  await page.locator('.board').waitFor();
}

const chatLines = (page: Page) => page.locator('.chat li').allTextContents().then((all) => all.map((t) => t.trim()));

describe('table chat', () => {
  it('two friends talk at a private table; text stays text, a refresh keeps it, each may hide it', async () => {
    const { id } = await postJson<{ id: string }>(server, '/api/matches', { players: 2, bots: {} });
    const [ann, bob] = await Promise.all([person(browser, server.http), person(browser, server.http, 390, 844)]);
    await sitDown(ann, id, 'Annie');
    await sitDown(bob, id, 'Bobby');
    const box = (p: Page) => p.getByLabel('Say something to the table');
    await box(ann).fill('good luck, Bobby');
    await box(ann).press('Enter');
    await expect.poll(() => chatLines(bob), { timeout: 10_000 }).toEqual(['Annie: good luck, Bobby']);
    const markup = '<img src=x onerror="document.title=1"> <b>bold</b>';
    await box(bob).fill(markup);
    await bob.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => chatLines(ann), { timeout: 10_000 }).toEqual(['Annie: good luck, Bobby', `Bobby: ${markup}`]);
    expect(await ann.locator('.chat img, .chat li b:not(:first-of-type)').count()).toBe(0);
    expect(await box(bob).inputValue()).toBe('');
    expect(await axeProblems(ann)).toEqual([]);
    await Promise.all([shot(ann, 'chat-1280'), shot(bob, 'chat-390')]);
    // A refresh: the whole chat so far.
    await bob.reload();
    await bob.locator('.board').waitFor();
    await expect.poll(() => chatLines(bob), { timeout: 10_000 }).toEqual(['Annie: good luck, Bobby', `Bobby: ${markup}`]);
    // Hidden on Ann's page (remembered); what comes is counted.
    await ann.getByRole('button', { name: 'Hide chat' }).click();
    expect(await ann.locator('.chat').count()).toBe(0);
    await box(bob).fill('still there?');
    await box(bob).press('Enter');
    await ann.getByRole('region', { name: 'Chat' }).getByText('(1 new)').waitFor({ timeout: 10_000 });
    await ann.reload();
    await ann.getByRole('button', { name: 'Show chat' }).waitFor();
    await ann.getByRole('button', { name: 'Show chat' }).click();
    await expect.poll(() => chatLines(ann)).toEqual(['Annie: good luck, Bobby', `Bobby: ${markup}`, 'Bobby: still there?']);
    await ann.context().close();
    await bob.context().close();
  });

  it('a public table has no chat', async () => {
    const { id } = await postJson<{ id: string }>(server, '/api/matches', { players: 2, bots: { 1: 'greedy' }, public: true });
    const page = await person(browser, server.http);
    await sitDown(page, id, 'Publius');
    await page.locator('.log li').first().waitFor();
    expect(await page.getByRole('region', { name: 'Chat' }).count()).toBe(0);
    await page.context().close();
  });
});
