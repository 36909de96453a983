// Players in the browser: a fresh browser gets a player on its first visit with no step of its own,
// plays a match under that name, and finds it on its page (/p/<id>) with links to the replay and the
// analysis, and among "your matches" on the landing page, read from the server. Another name plays
// anonymously, and the match is not kept. A name being typed as the player is made stays as typed.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PlayerCreated, PlayerProfile } from '../../shared/protocol/http';
import { axeProblems, person, playToEnd, shot } from '../../harness/browser';
import { createMatch, reconnecting, socketUrl } from '../../harness/node';
import { autoplay } from '../../harness/socket';
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

  it('a name being typed as the player is made stays the person\'s: the player\'s name does not land in it', async () => {
    // Someone has the name this browser shows at first, so its player is made under another.
    const taken = `Wanderer ${Date.now() % 100_000}`;
    expect((await fetch(`${server.http}/api/players`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: taken }) })).status).toBe(201);
    const page = await person(browser, server.http);
    await page.context().addInitScript((n) => { if (!localStorage.getItem('dm.name')) localStorage.setItem('dm.name', n); }, taken);
    // The player's making is held until the person is in the name field, its text selected to be replaced.
    let made!: () => void;
    const held = new Promise<void>((go) => { made = go; });
    await page.route('**/api/players', async (route) => { await held; await route.continue(); });
    await page.goto('/');
    const field = page.getByLabel('Your name');
    await field.click();
    await field.selectText();
    made();
    const player = await playerOf(page);
    expect(player.name).not.toBe(taken);
    await field.pressSequentially('Wren');
    expect(await field.inputValue()).toBe('Wren');
    // Left without a keystroke, the field shows the player's own name.
    await field.fill('');
    await page.reload();
    await field.click();
    await page.getByRole('heading', { name: 'Darkmoor Online' }).click();
    expect(await field.inputValue()).toBe(player.name);
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

  it('a rated match: its seats show ratings and the end how far they moved; the leaderboard and the players\' pages list them', async () => {
    const post = async <T,>(path: string, body: unknown, token?: string): Promise<T> => {
      const res = await fetch(`${server.http}${path}`, {
        method: 'POST', body: JSON.stringify(body),
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      });
      expect(res.status).toBeLessThan(300);
      return res.json() as Promise<T>;
    };
    const tag = Math.random().toString(36).slice(2, 7);
    const [ann, bea] = [await post<PlayerCreated>('/api/players', { name: `Rated Ann ${tag}` }), await post<PlayerCreated>('/api/players', { name: `Rated Bea ${tag}` })];
    const id = await createMatch(server.http, { players: 2, rated: true });
    const sockets = [];
    for (const p of [ann, bea]) {
      const j = await post<{ token: string }>(`/api/matches/${id}/join`, { name: p.name }, p.token);
      const s = reconnecting(socketUrl(server.http.replace(/^http/, "ws"), id, j.token));
      autoplay(s, Math.random);
      sockets.push(s);
    }
    const end = await sockets[0]!.until((v) => v.over, 60_000);
    for (const s of sockets) s.close();
    expect(end.rated).toBe(true);
    const changes = end.players.map((p) => p.rating!.change!);
    expect(changes[0]! * changes[1]!).toBeLessThanOrEqual(0);

    // Watching the end: each seat shows its new rating, provisional, and the change.
    const page = await person(browser, server.http);
    await page.goto(`/m/${id}/watch`);
    for (const p of end.players) {
      const text = `${p.rating!.rating}? ${p.rating!.change! < 0 ? '−' : '+'}${Math.abs(p.rating!.change!)}`;
      await page.locator('.player', { hasText: p.name }).locator('.rating', { hasText: text }).waitFor();
    }
    expect(await axeProblems(page)).toEqual([]);
    await shot(page, 'rated-end-1280');

    // The leaderboard of 2-player tables lists both, the better rated first, and links to their pages.
    await page.goto('/leaderboard');
    const table = page.getByRole('region', { name: '2-player tables' });
    await table.locator('tbody tr').first().waitFor();
    const order = (await table.locator('tbody th').allTextContents()).filter((n) => n.includes(tag));
    const better = end.players.slice().sort((x, y) => y.rating!.rating - x.rating!.rating).map((p) => p.name);
    expect(order).toEqual(better);
    expect(await axeProblems(page)).toEqual([]);
    await shot(page, 'leaderboard-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'leaderboard-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('link', { name: '3 players' }).click();
    await page.waitForURL(/\/leaderboard\/3$/);
    await page.getByRole('region', { name: '3-player tables' }).waitFor();

    // Ann's page: the match, rated, with where it left her.
    await page.goto(`/p/${ann.id}`);
    const annEnd = end.players.find((p) => p.name === ann.name)!.rating!;
    const line = `rated: ${annEnd.rating} ${annEnd.change! < 0 ? '−' : '+'}${Math.abs(annEnd.change!)}`;
    await page.getByRole('region', { name: 'Finished matches' }).locator('.rating', { hasText: line }).waitFor();
    await page.context().close();
  });

  it('on your own page: a new name, your data as a file, and deleting yourself', async () => {
    const page = await person(browser, server.http);
    await page.goto('/');
    const me = await playerOf(page);
    await page.goto(`/p/${me.id}`);
    const data = page.getByRole('region', { name: 'Your data' });
    await data.waitFor();
    const next = `${me.name.slice(0, 16)} Renamed`;
    await data.getByLabel('Your name').fill(next);
    await data.getByRole('button', { name: 'Change my name' }).click();
    await page.getByRole('heading', { name: new RegExp(`^${next}`) }).waitFor();
    await data.getByRole('status').filter({ hasText: `${me.name} stays yours for 30 days` }).waitFor();
    expect((await profile(me.id)).name).toBe(next);
    // The landing page offers the new name.
    await page.goto('/');
    await expect.poll(() => page.getByLabel('Your name').inputValue()).toBe(next);
    await page.goto(`/p/${me.id}`);
    // The page is drawn (its chunk loaded) before it is judged: goto returns once the HTML is parsed.
    await data.waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await shot(page, 'your-data-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'your-data-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    // The file: the player as the server keeps them.
    const [download] = await Promise.all([page.waitForEvent('download'), data.getByRole('button', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toBe(`darkmoor-${me.id}.json`);
    // Read as a stream: the run's one Chromium is connected to, and a remote download has no local path.
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const file = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { player: { id: string; name: string }; heldNames: { name: string }[] };
    expect(file.player).toMatchObject({ id: me.id, name: next });
    expect(file.heldNames.map((n) => n.name)).toEqual([me.name]);
    // Deleting asks once more, then the player is gone and the page is back at the lobby.
    await data.getByRole('button', { name: 'Delete me…' }).click();
    await data.getByRole('button', { name: 'Yes, delete me for good' }).click();
    await page.waitForURL(`${server.http}/`);
    expect((await fetch(`${server.http}/api/players/${me.id}`)).status).toBe(404);
    await page.context().close();
  });

  it('a passkey keeps the name on another device: "I have played here before" brings back the player, name and matches', async () => {
    // WebAuthn needs the site's name: the same server at localhost. Each browser has Chromium's virtual authenticator.
    const site = server.http.replace('127.0.0.1', 'localhost');
    const authenticator = async (page: Page) => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
      });
      return { cdp, authenticatorId };
    };
    const first = await person(browser, site);
    const a = await authenticator(first);
    await first.goto('/');
    const me = await playerOf(first);
    await first.goto(`/p/${me.id}`);
    const data = first.getByRole('region', { name: 'Your data' });
    await data.getByRole('button', { name: 'Keep my name on other devices' }).click();
    await data.getByRole('status').filter({ hasText: 'Your name is kept with a passkey' }).waitFor();
    const { credentials } = await a.cdp.send('WebAuthn.getCredentials', { authenticatorId: a.authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.rpId).toBe('localhost');

    // A second device: the passkey synced to it (the same credential in its authenticator).
    const second = await person(browser, site, 390, 844);
    const b = await authenticator(second);
    await b.cdp.send('WebAuthn.addCredential', { authenticatorId: b.authenticatorId, credential: credentials[0]! });
    await second.goto('/');
    const fresh = await playerOf(second);
    expect(fresh.id).not.toBe(me.id);
    await second.getByRole('button', { name: 'I have played here before' }).click();
    await second.locator('.toast', { hasText: `Welcome back, ${me.name}` }).waitFor();
    const back = await playerOf(second);
    expect(back.id).toBe(me.id);
    expect(back.token).not.toBe(me.token);
    await expect.poll(() => second.getByLabel('Your name').inputValue()).toBe(me.name);
    expect(await axeProblems(second)).toEqual([]);
    await shot(second, 'passkey-back-390');
    // Both browsers are the player now: each with a token of its own.
    for (const token of [me.token, back.token]) {
      const res = await fetch(`${server.http}/api/me`, { headers: { Authorization: `Bearer ${token}` } });
      expect(((await res.json()) as PlayerProfile).id).toBe(me.id);
    }
    await first.context().close();
    await second.context().close();
  });
});
