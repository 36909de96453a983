// The web client in real Chromium against the real server: a match against a
// bot played to the end by clicking, two people through a shared link, a
// spectator watching live, a reload that resumes the seat, replay and rematch, the others
// letting a stand-in bot play for an idle player and the seat handed back, the end screen's
// count of stand-in moves;
// axe-core finds no accessibility problem on any of these screens.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeProblems, clickOption, isOver, person, playToEnd, shot, version } from '../../harness/browser';
import type { Server } from '../../harness/page-server';
import { pageSuite, postJson } from './suite';
import { createGame, locationSide } from '../../shared/engine';
import { FULL_TEXT } from '../../shared/engine/texts';
import type { MatchSummary } from '../../shared/protocol/view';

/** The first integer seed (a chosen, private deal) whose 2-seat deal gives seat 0 these kinds; and the location names, left to right. */
function dealWith(kinds: string[]): { seed: number; places: string[] } {
  for (let seed = 1; seed < 10_000; seed++) {
    const g = createGame({ players: 2, seed });
    if (g.active === 0 && kinds.every((k) => g.hands[0]!.includes(`0:${k}`))) {
      return { seed, places: (g.locations as string[]).map((id) => locationSide(id)!.name) };
    }
  }
  throw new Error(`no deal below seed 10000 gives seat 0 ${kinds.join(' and ')}`);
}

let server: Server;
let browser: Browser;

pageSuite((s, b) => { server = s; browser = b; });

/** The player a first visit to the lobby makes (test/e2e/players.test.ts), once made and offered as the name to play under. */
async function playerName(page: Page): Promise<string> {
  const player = () => page.evaluate(() => localStorage.getItem('dm.player'));
  await expect.poll(player).not.toBeNull();
  const name = (JSON.parse((await player())!) as { name: string }).name;
  await expect.poll(() => page.getByLabel('Your name').inputValue()).toBe(name);
  return name;
}

/** Open the lobby's options and set the bot pace to instant (50 ms). */
async function fastBots(page: Page): Promise<void> {
  await page.locator('details.panel > summary').click();
  await page.getByLabel('Bot pace').selectOption('50');
}

const matchId = (page: Page) => /\/m\/([\w-]+)/.exec(page.url())![1]!;

describe('the web client', () => {
  it('plays a whole match against a bot by clicking, then replay and rematch', async () => {
    const page = await person(browser, server.http);
    await page.goto('/');
    await page.getByRole('button', { name: 'Play now against a bot' }).waitFor(); // the lobby's chunk is in
    const me = await playerName(page);
    expect(await axeProblems(page)).toEqual([]);
    await fastBots(page);
    await page.getByRole('button', { name: 'Play now against a bot' }).click();
    await page.waitForURL(/\/m\/[\w-]+$/);
    await page.locator('.board').waitFor();
    await expect.poll(() => page.locator('[data-conn="connected"]').count()).toBe(1);
    await expect.poll(() => page.locator('.player .tag', { hasText: 'you' }).count()).toBe(1);
    await expect.poll(() => page.locator('.hand .card').count()).toBe(5);
    // The tab says whose move it is, for a player whose eyes are elsewhere.
    await expect.poll(() => page.title()).toMatch(/^● Your move/);
    expect(await axeProblems(page)).toEqual([]);

    // The first move by keyboard alone: focus a highlighted card, Enter; the focus moves to its
    // locations in the decision bar: Space on the first.
    const v0 = await version(page);
    await page.locator('.hand .opt').first().focus();
    await page.keyboard.press('Enter');
    await page.locator('.hand .sel').waitFor();
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.matches('.decision .acts button.opt'))).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => version(page)).toBeGreaterThan(v0);
    // What the bot did since this player last acted is told in the decision bar (the log may be far below).
    await expect.poll(async () => {
      if (/Greedy bot 2 /.test((await page.locator('.decision .recent').allTextContents()).join(''))) return true;
      await clickOption(page); // a follow-up choice of ours comes first
      return false;
    }, { timeout: 20_000 }).toBe(true);

    // The landing page lists the match this browser sits in, one click from resuming it.
    const id0 = matchId(page);
    await page.goto('/');
    const mine = page.getByRole('region', { name: 'Your matches' });
    await expect.poll(() => mine.locator('li').count()).toBe(1);
    expect(await mine.textContent()).toMatch(new RegExp(`In play:.*${me} \\(you\\).*Greedy bot 2`));
    await shot(page, 'lobby-1280');
    await mine.getByRole('link', { name: 'Resume' }).click();
    await page.waitForURL(`**/m/${id0}`);
    await expect.poll(() => page.locator('[data-conn="connected"]').count()).toBe(1);

    const clicks = await playToEnd([page], { onClick: async (n) => { if (n === 14) await shot(page, 'bot-board-1280'); } });
    expect(clicks).toBeGreaterThan(10);
    await expect(page.locator('.score h2').textContent()).resolves.toMatch(/wins|You win/);
    // Why: under each location, who controls it and each competitor's total there.
    const locations = await page.locator('.table .loc').count();
    expect(await page.locator('.ctl .tally').count()).toBe(locations);
    for (const t of await page.locator('.ctl .tally').allTextContents()) expect(t).toMatch(/^(\s*\d+)(\s*·\s*\d+)*$|^no one competed$/);
    expect(await page.title()).toMatch(/^Match over/);
    // The page kept the whole log (a view carries only the latest 30), numbered by the match's own count.
    const numbers = await page.locator('.log li').evaluateAll((lis) => lis.map((li) => (li as HTMLLIElement).value));
    expect(numbers.length).toBeGreaterThan(30);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    expect(await axeProblems(page)).toEqual([]);
    expect(await page.locator('.score tbody tr').count()).toBe(2);
    await shot(page, 'bot-score-1280');

    const id = matchId(page);
    await page.getByRole('link', { name: 'Replay this match' }).click();
    await page.waitForURL(`**/m/${id}/replay`);
    await page.locator('.stepper').waitFor();
    await expect.poll(() => page.locator('.pos').textContent()).toMatch(/^Step 0 \/ \d+/);
    expect(await page.locator('.hand .card').count()).toBe(0); // a spectator's board: no hand
    expect(await page.locator('.table .cell').count()).toBe(0);
    await page.getByRole('button', { name: 'Next step' }).click();
    // The first minion played is marked as just arrived, and its play is told.
    await expect.poll(() => page.locator('.table .cell.fresh').count()).toBe(1);
    expect(await page.locator('.decision .recent').textContent()).toContain(await page.locator('.log li').last().textContent());
    // Card details read the step on screen, not the live match.
    await page.locator('.table .cell .card').first().click();
    expect(await page.getByRole('dialog', { name: 'Card details' }).textContent()).toMatch(new RegExp(`${me}’s.*In the horde at .+: \\d+ peril now`));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Next step' }).click();
    await page.getByRole('button', { name: 'Back one step' }).click();
    await expect.poll(() => page.locator('.pos').textContent()).toMatch(/^Step 1 \//);
    // After the first play, one minion stands in a horde.
    expect(await page.locator('.table .cell').count()).toBeGreaterThan(0);
    expect(await page.locator('.opt').count()).toBe(0);
    // A replay has no connection to lose: no warning that it may be out of date.
    expect(await page.locator('.decision .warn').count()).toBe(0);
    await page.getByRole('button', { name: 'Last step' }).click();
    await page.locator('.score').waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await shot(page, 'replay-1280');

    await page.goBack();
    await page.locator('.board[data-over]').waitFor();
    await page.getByRole('button', { name: 'Rematch' }).click();
    await page.waitForURL((u) => /\/m\/[\w-]+$/.test(u.pathname) && !u.pathname.includes(id));
    await expect.poll(() => page.locator('.hand .card').count()).toBe(5);
    await page.context().close();
  });

  it('two people share a link and play; a spectator watches live; a reload resumes the seat', async () => {
    const ann = await person(browser, server.http);
    await ann.goto('/');
    const annName = await playerName(ann);
    await fastBots(ann);
    await ann.getByRole('combobox', { name: /Seat 2/ }).selectOption('person');
    await ann.getByLabel('Location sides').selectOption('choose');
    await ann.getByLabel('Turn clock').selectOption('300');
    await ann.getByRole('button', { name: 'Create match' }).click();
    await ann.waitForURL(/\/m\/[\w-]+$/);
    await ann.locator('.share.big').waitFor();
    const link = await ann.locator('input.url').inputValue();
    expect(link).toBe(`${server.http}/m/${matchId(ann)}`);

    // Bea, on a phone, opens the link, gives a name and is seated.
    const bea = await person(browser, server.http, 375, 812);
    await bea.goto(link);
    await bea.getByLabel('Your name').fill('Bea');
    await bea.getByRole('button', { name: 'Join the match' }).click();
    await bea.locator('.board').waitFor();
    await expect.poll(() => ann.locator('.player', { hasText: 'Bea' }).count()).toBe(1);
    // Bea sits last, so she chooses the location sides; the clock runs for her. She sees the pairs still to come.
    await bea.locator('.decision .loc.opt').first().waitFor();
    expect(await bea.locator('.decision .hint', { hasText: 'Then:' }).textContent()).toMatch(/^Then: [^;]+ or [^;]+; [^;]+ or [^;]+\.$/);
    // Nobody's turn has begun and no hero is out while the sides are chosen; Ann is told who chooses.
    expect(await ann.locator('.tag.now', { hasText: 'turn' }).count()).toBe(0);
    expect(await ann.locator('.hero').count()).toBe(0);
    expect(await ann.locator('.decision .prompt').textContent()).toMatch(/Bea is choosing the location sides\./);
    await expect.poll(() => ann.locator('[role="timer"]').count()).toBe(1);

    // Losing the network shows it, and the seat comes back with it.
    await bea.context().setOffline(true);
    await bea.locator('[data-conn="offline"]').waitFor();
    await bea.locator('.decision .warn', { hasText: 'You are offline' }).waitFor(); // where she is looking
    await bea.context().setOffline(false);
    await bea.locator('[data-conn="connected"]').waitFor();

    // Cy watches through the watch link: the same board, no hand, marked as spectating.
    const cy = await person(browser, server.http);
    await cy.goto(`${link}/watch`);
    await cy.locator('.board').waitFor();
    await cy.locator('.banner', { hasText: 'Spectating' }).waitFor();
    // Every seat is taken: nothing offers Cy a seat; and a player is not offered to leave theirs for the watchers' view.
    expect(await cy.getByRole('link', { name: 'Take a seat' }).count()).toBe(0);
    expect(await ann.getByRole('link', { name: 'Watch' }).count()).toBe(0);
    await expect.poll(() => cy.locator('.banner').textContent(), { timeout: 15_000 }).toMatch(/1 watching/);

    let reloaded = false;
    let detailed = false;
    await playToEnd([ann, bea], {
      onClick: async (n) => {
        if (n === 8) {
          // The spectator sees every move live, never a hand or an option.
          const v = await version(ann);
          await expect.poll(() => version(cy)).toBe(v);
          expect(await cy.locator('.handwrap').count()).toBe(0);
          expect(await cy.locator('.opt').count()).toBe(0);
          // A reaction from Ann shows on her seat for Bea and for the spectator, who has no menu on a seat.
          await ann.getByRole('button', { name: 'React' }).click();
          await ann.getByRole('group', { name: 'Reactions' }).getByRole('button', { name: 'Good game!' }).click();
          for (const p of [bea, cy]) await p.locator('.player', { hasText: annName }).locator('.bubble', { hasText: 'Good game!' }).waitFor();
          expect(await cy.locator('.player').getByRole('button', { name: 'React' }).count()).toBe(0);
          // The spectator's own menu is in the spectators' strip; the players see it as the crowd's line, on no seat.
          await cy.locator('.spectating').getByRole('button', { name: 'React' }).click();
          await cy.getByRole('group', { name: 'Reactions' }).getByRole('button', { name: 'Well played!' }).click();
          await ann.locator('.crowd', { hasText: 'A spectator: Well played!' }).waitFor();
          expect(await ann.locator('.player .bubble', { hasText: 'Well played!' }).count()).toBe(0);
          expect(await axeProblems(cy)).toEqual([]);
          expect(await axeProblems(bea)).toEqual([]);
        }
        // A minion on the table opens its full card, with where it is and what it counts now (at the
        // first click from the eighth on that finds one: an attack may have emptied the hordes).
        if (n >= 8 && !detailed) {
          await expect.poll(() => version(cy)).toBe(await version(ann));
          if ((await cy.locator('.table .cell .card').count()) > 0) {
            detailed = true;
            await cy.locator('.table .cell .card').first().click();
            const card = cy.getByRole('dialog', { name: 'Card details' });
            expect(await card.textContent()).toMatch(/In the horde at .+: \d+ peril now/);
            await cy.keyboard.press('Escape');
            await card.waitFor({ state: 'detached' });
            await shot(cy, 'spectator-1280');
            await shot(ann, 'friends-board-1280');
            await shot(bea, 'friends-board-375');
          }
        }
        if (n >= 12 && !reloaded && !(await isOver(ann))) {
          // Reload mid-game: the stored token takes the same seat again.
          // Her hand is compared with what the spectator's page says she holds at the same version:
          // counted on her own page before the reload, it could still hold a card just played.
          reloaded = true;
          await ann.reload();
          await ann.locator('.board').waitFor();
          const held = async (p: Page) => Number(/(\d+) in hand/.exec((await p.locator('.player', { hasText: annName }).textContent()) ?? '')?.[1]);
          const both = async () => ({ ann: [await version(ann), await ann.locator('.hand .card').count()], cy: [await version(cy), await held(cy)] });
          await expect.poll(both).toSatisfy(({ ann: a, cy: c }: { ann: number[]; cy: number[] }) => a.join() === c.join() && !Number.isNaN(c[1]));
          expect(await ann.locator('.player', { hasText: 'you' }).locator('b').textContent()).toBe(annName);
        }
      },
    });
    expect(reloaded).toBe(true);
    expect(detailed).toBe(true);
    await expect.poll(() => isOver(cy)).toBe(true);
    expect(await cy.locator('.handwrap').count()).toBe(0);
    await shot(ann, 'friends-score-1280');
    // On her phone the score came into view when the match ended, wherever she had scrolled to.
    expect(await bea.locator('.score h2').evaluate((el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })).toBe(true);
    await shot(bea, 'friends-score-375');
    await shot(cy, 'spectator-score-1280');
    // Nothing is clickable once it is over.
    expect(await clickOption(ann)).toBe(false);

    // Bea asks for a rematch: Ann and Cy are told at once; Ann joins it, Cy may watch it.
    await bea.getByRole('button', { name: 'Rematch' }).click();
    await bea.waitForURL((u) => /\/m\/[\w-]+$/.test(u.pathname) && u.toString() !== link);
    await ann.getByRole('button', { name: 'Join the rematch' }).click();
    await ann.waitForURL(bea.url());
    await cy.getByRole('link', { name: 'Watch the rematch' }).waitFor();
    // Both keep their seats (asking first does not take seat 1): Bea, seated last again, chooses the location sides.
    await bea.locator('.decision .loc.opt').first().waitFor();
    expect(await bea.locator('.player').nth(1).locator('.tag', { hasText: 'you' }).count()).toBe(1);
    await expect.poll(() => ann.locator('.player', { hasText: 'Bea' }).count()).toBe(1);
  });

  it('the others let a bot play for an idle player, and one button at a time gives the seat back', async () => {
    // No clock; after 2 s without a move the other player may hand the seat to a bot.
    const created = await fetch(`${server.http}/api/matches`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ players: 2, idleMs: 2000, botDelayMs: 600, takeover: 'random' }),
    });
    const { id } = (await created.json()) as { id: string };
    const dee = await person(browser, server.http);
    await dee.goto(`/m/${id}`);
    await dee.getByLabel('Your name').fill('Dee');
    await dee.getByRole('button', { name: 'Join the match' }).click();
    const eli = await person(browser, server.http);
    await eli.goto(`/m/${id}`);
    await eli.getByLabel('Your name').fill('Eli');
    await eli.getByRole('button', { name: 'Join the match' }).click();
    await dee.locator('.board').waitFor();
    // Dee sits on her first move: Eli is offered the hand-over once the idle time has passed, Dee is not.
    const handOver = eli.getByRole('button', { name: 'Let a bot play for Dee' });
    await handOver.waitFor({ timeout: 15_000 });
    expect(await dee.getByRole('button', { name: /Let a bot play/ }).count()).toBe(0);
    expect(await axeProblems(eli)).toEqual([]);
    await handOver.click();
    await dee.locator('.player .tag.stand-in').waitFor();
    await expect.poll(() => handOver.count()).toBe(0);
    const takeBack = dee.getByRole('button', { name: 'Take my seat back' });
    // Whether the stand-in is deciding for her (the decision bar) or waiting (her seat's panel): one button.
    for (let i = 0; i < 12; i++) {
      expect(await takeBack.count()).toBe(1);
      await dee.waitForTimeout(150);
    }
    await takeBack.click();
    await expect.poll(() => dee.locator('.player .tag.stand-in').count()).toBe(0);
    await expect.poll(() => takeBack.count()).toBe(0);
    // Back at her seat, Dee is told the bot moved for her, until she moves herself; the log marks it.
    await dee.locator('.decision .warn', { hasText: /A bot made (a move|\d+ moves) for you/ }).waitFor();
    expect((await dee.locator('.log').allTextContents()).join('')).toContain('(bot for Dee)');
    expect(await axeProblems(dee)).toEqual([]);
    await dee.context().close();
    await eli.context().close();
  });

  it('the end screen says how many moves a bot made for a player', async () => {
    // Fay joins and never comes: her stand-in plays the whole match against a bot, at once.
    const { id } = await postJson<{ id: string }>(server, '/api/matches', { players: 2, bots: { 1: 'random' }, awayMs: 0, botDelayMs: 0 });
    await postJson(server, `/api/matches/${id}/join`, { name: 'Fay' });
    // The server's part first (the match ends), then the page's: a failure says which of the two stalled.
    const status = async () => ((await (await fetch(`${server.http}/api/matches/${id}`)).json()) as MatchSummary).status;
    await expect.poll(status, { timeout: 30_000, message: 'the stand-in and the bot play the match to its end' }).toBe('over');
    const page = await person(browser, server.http);
    await page.goto(`/m/${id}/watch`);
    const line = page.locator('.score .stand-in-moves li', { hasText: /^\d+ moves? by a bot for Fay$/ });
    await line.waitFor({ timeout: 15_000 }).catch(async (e: Error) => {
      throw new Error(`${e.message}\nthe page shows: ${(await page.locator('body').innerText().catch(() => '(no body)')).slice(0, 600)}`);
    });
    expect(await page.locator('.score .stand-in-moves li').count()).toBe(1);
    expect(await axeProblems(page)).toEqual([]);
    await page.context().close();
  });

  it('a bot is marked by its kind, not its name; a name seated already never stops a join: the page sits down under the free one the server offers, and says so', async () => {
    const post = (path: string, body: unknown) => postJson<{ id: string }>(server, path, body);
    const { id } = await post('/api/matches', { players: 3, bots: { 1: 'greedy' }, botDelayMs: 5000 });
    // A person who calls himself after a bot that is not at this table.
    await post(`/api/matches/${id}/join`, { name: 'Greedy bot 3' });
    const page = await person(browser, server.http);
    await page.goto(`/m/${id}`);
    const seat = (name: string) => page.locator('.seats li', { hasText: name });
    await seat('Greedy bot 2').locator('.tag.bot').waitFor();
    expect(await seat('Greedy bot 3').locator('.tag.bot').count()).toBe(0);
    await page.getByLabel('Your name').fill('GREEDY BOT 2');
    await page.getByRole('button', { name: 'Join the match' }).click();
    // Refused as "Greedy bot 2", and "GREEDY BOT 3" reads as the person's: the server offers 4, and the page takes it.
    await page.locator('.toast', { hasText: 'Someone here is called “GREEDY BOT 2” already: you sit as “GREEDY BOT 4”.' }).waitFor();
    await page.locator('.board').waitFor();
    const player = (name: string) => page.locator('.player', { has: page.locator('b', { hasText: new RegExp(`^${name}$`) }) });
    await player('Greedy bot 2').locator('.tag', { hasText: /^bot$/ }).waitFor();
    await player('GREEDY BOT 4').locator('.tag', { hasText: /^you$/ }).waitFor();
    expect(await player('Greedy bot 3').locator('.tag', { hasText: /^bot$/ }).count()).toBe(0);
    expect(await player('GREEDY BOT 4').locator('.tag', { hasText: /^bot$/ }).count()).toBe(0);
    expect(await axeProblems(page)).toEqual([]);
    await page.context().close();
  });

  it('on a phone, a Familiar\'s second card and a Griffin\'s place are chosen in the decision bar', async () => {
    // The engine finds a deal that gives seat 0, who moves first, a Scheming Familiar and a
    // Spotted Griffin (no lucky seed: it stays right whatever the catalogue holds).
    const { seed, places } = dealWith(['scheming-familiar', 'spotted-griffin']);
    const [first, second, third] = places;
    const created = await fetch(`${server.http}/api/matches`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ players: 2, seed, bots: { 1: 'greedy' }, botDelayMs: 50 }),
    });
    const { id } = (await created.json()) as { id: string };
    const page = await person(browser, server.http, 375, 812);
    await page.goto(`/m/${id}`);
    await page.getByLabel('Your name').fill('Eve');
    await page.getByRole('button', { name: 'Join the match' }).click();
    const bar = page.locator('.decision .acts');
    await page.locator('.hand .opt', { hasText: 'Scheming Familiar' }).click();
    await bar.getByRole('button', { name: first }).click();
    await page.locator('.decision .prompt', { hasText: 'Scheming Familiar: you may play' }).waitFor();
    // The keyboard is on a card of the hand, not on Decline (Enter must not throw the extra play away).
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.matches('.hand .opt'))).toBe(true);
    await page.locator('.hand .opt', { hasText: 'Spotted Griffin' }).click();
    // Where the second card goes: every location is a button in the bar, as for any play.
    await page.locator('.decision .prompt', { hasText: 'choose where to play your Spotted Griffin' }).waitFor();
    expect(await bar.locator('button.opt').allTextContents()).toEqual([first, second, third]);
    // The Griffin just chosen is no option now: the keyboard moved on to one.
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.matches('.opt'))).toBe(true);
    await bar.getByRole('button', { name: first }).click();
    // The Griffin's place: buttons in the bar, and the table's slots brought into view.
    await page.locator('.decision .prompt', { hasText: 'Spotted Griffin: choose its place' }).waitFor();
    expect(await bar.locator('button.opt').allTextContents()).toEqual(['Front (0)', 'Back (1)']);
    const slot = page.locator('.table .opt').first();
    await expect.poll(() => slot.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const wrap = el.closest('.tablewrap')!.getBoundingClientRect();
      return r.left >= wrap.left && r.right <= wrap.right && r.bottom <= innerHeight;
    })).toBe(true);
    // The pressed button is gone: the keyboard focus went to the next decision's first option (the
    // view's effect moves it, after the render the slot check above may already have seen).
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.matches('.opt'))).toBe(true);
    await bar.getByRole('button', { name: 'Front (0)' }).click();
    await expect.poll(async () => (await page.locator('.log li').allTextContents()).join('\n')).toMatch(/Spotted Griffin/);
    expect(await axeProblems(page)).toEqual([]);
    await page.context().close();
  });

  it('has a rules page with the catalogue, fits a phone with five locations, and explains an unknown match', async () => {
    const page = await person(browser, server.http, 375, 812);
    await page.goto('/rules');
    await expect.poll(() => page.locator('.catalog .entry').count()).toBe(18 + 8 + 12);
    // The page shows the full texts, the same data docs/RULES.md is generated from.
    await page.getByText(FULL_TEXT['spotted-griffin']!).waitFor();
    expect(await axeProblems(page)).toEqual([]);
    // On a phone, four players' five locations.
    await page.goto('/');
    await page.locator('details.panel > summary').click();
    // A name of invisible characters only is refused here, as the server would (no orphan match).
    await page.getByLabel('Your name').fill('\u200E\u202E ');
    await page.getByRole('button', { name: 'Create match' }).click();
    await page.locator('.toast', { hasText: 'A name has 1 to 24 characters, at least one of them visible.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByLabel('Your name').fill('Flo');
    await page.getByLabel('Seats').selectOption('4');
    await page.getByRole('button', { name: 'Create match' }).click();
    await page.locator('.hand .opt').first().waitFor();
    expect(await page.locator('.table .loc').count()).toBe(5);
    // Nothing scrolls sideways: the five locations sit in two bands (three, then two), each whole
    // across the screen, reached by scrolling down.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    expect(await page.locator('.table').evaluateAll((ts) => ts.map((t) => t.querySelectorAll('.loc').length))).toEqual([3, 2]);
    expect(await page.locator('.tablewrap').evaluate((w) => w.scrollWidth <= w.clientWidth)).toBe(true);
    for (const r of await page.locator('.table .loc').evaluateAll((ls) => ls.map((l) => l.getBoundingClientRect()))) {
      expect(r.left).toBeGreaterThanOrEqual(0);
      expect(r.right).toBeLessThanOrEqual(375);
    }

    await page.goto('/m/QQQQQQQQQQ');
    await page.getByRole('heading', { name: 'No match here' }).waitFor();
    await page.getByRole('link', { name: 'Go to the lobby' }).click();
    await page.getByRole('button', { name: 'Play now against a bot' }).waitFor();
    await page.context().close();
  });
});
