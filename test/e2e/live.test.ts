// The landing page's "Live now": a public match in play is shown with its players (the bot
// marked with its level), and one click opens it as a spectator; axe finds no problem there.
// The lists are pushed: a new public match reaches an open landing page within 2 s, and leaves it
// when it starts; the TV line says what /tv shows.
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeProblems, person, stranger } from '../../harness/browser';
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

  it('a new public match reaches open landing pages within 2 s, and leaves them when it starts', async () => {
    const [a, b] = await Promise.all([stranger(browser, server.http), stranger(browser, server.http, 390, 844)]);
    // Each page's list socket has said something (the list as it was) before the match is made.
    const heard = [a, b].map((p) => new Promise<void>((done) => p.on('websocket', (ws) => {
      if (ws.url().includes('/api/lobby/ws')) ws.once('framereceived', () => done());
    })));
    await Promise.all([a.goto('/'), b.goto('/')]);
    await Promise.all(heard);
    const waiting = (p: typeof a) => p.getByRole('region', { name: 'Public matches' });
    // The TV line says what /tv shows: the most watched match in play, or the bots. table.
    await a.getByRole('region', { name: 'Live now' }).getByRole('link', { name: 'Watch TV' }).waitFor();
    const id = await createMatch(server.http, { players: 2, public: true });
    await join(server.http, id, 'Pushkin');
    const since = Date.now();
    await Promise.all([a, b].map((p) => waiting(p).getByText('Pushkin').waitFor({ timeout: 2000 })));
    expect(Date.now() - since).toBeLessThan(2000);
    await join(server.http, id, 'Tolstoy');
    await Promise.all([a, b].map((p) => waiting(p).getByText('Pushkin').waitFor({ state: 'detached', timeout: 2000 })));
    expect(await axeProblems(b)).toEqual([]);
    await a.context().close();
    await b.context().close();
  });
});
