// The landing page's "Live now": a public match in play is shown with its players (the bot
// marked with its level), and one click opens it as a spectator; axe finds no problem there.
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeProblems, person } from '../../harness/browser';
import { createMatch, join } from '../../harness/node';
import type { Server } from '../../harness/page-server';
import { pageSuite } from './suite';

let server: Server;
let browser: Browser;

pageSuite((s, b) => { server = s; browser = b; });

describe('Live now', () => {
  it('lists a public match in play and opens it as a spectator', async () => {
    const id = await createMatch(server.http, { players: 2, public: true, bots: { 1: 'search' } });
    await join(server.http, id, 'Livia');
    const page = await person(browser, server.http);
    await page.goto('/');
    const live = page.getByRole('region', { name: 'Live now' });
    const watch = live.getByRole('link', { name: /Watch Livia vs .*search bot/ });
    await watch.waitFor({ timeout: 20_000 });
    expect(await live.textContent()).toMatch(/turn \d+ · \d+ watching/);
    expect(await axeProblems(page)).toEqual([]);
    await watch.click();
    await page.waitForURL(new RegExp(`/m/${id}/watch$`));
    await page.locator('.board').waitFor();
  });
});
