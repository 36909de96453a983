// The after-match analysis and hints in real Chromium: a 2-seat match against a bot played to the
// end by clicking, one hint asked on the way (the Web Worker is handed the seat's view and nothing
// else); the analysis opened from the end screen (chart, table of a row per action, the person's
// costliest decisions (up to three), a step's table by click and by key, axe at 1280x800 and 390x844),
// kept: back from the replay and after a reload it is shown again without a worker; the friendly words before the end and for an unknown match; no Hint button where another person plays.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeProblems, pageIn, playToEnd, shot } from '../../harness/browser';
import type { Server } from '../../harness/page-server';
import { pageSuite, postJson } from './suite';

let server: Server;
let browser: Browser;
pageSuite((s, b) => { server = s; browser = b; });

const post = (path: string, body: unknown) => postJson(server, path, body);

/** A page seated as `name`, with its console errors (and page errors) gathered in `errors`. */
async function seated(id: string, name: string, errors: string[] = []): Promise<Page> {
  const seat = await post(`/api/matches/${id}/join`, { name });
  const ctx = await browser.newContext({ baseURL: server.http, viewport: { width: 1280, height: 800 } });
  await ctx.addInitScript(([k, v]) => localStorage.setItem(k!, v!), [`dm.seat.${id}`, JSON.stringify(seat)]);
  // What the page hands any Web Worker, kept for the test to read.
  await ctx.addInitScript(() => {
    const sent: unknown[] = ((window as any).__toWorker = []);
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (this: Worker, m: unknown, ...rest: any[]) { sent.push(JSON.parse(JSON.stringify(m))); return (post as any).call(this, m, ...rest); };
  });
  const page = await pageIn(ctx);
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`/m/${id}`);
  await page.locator('.board').waitFor();
  return page;
}

const pctOf = (s: string) => [...s.matchAll(/(\d+)%/g)].map((m) => Number(m[1]));

describe('analysis and hints', () => {
  it('a hint against bots, then the analysis from the end screen: chart, table, costliest decisions, a step shows its table', async () => {
    const { id } = await post('/api/matches', { players: 2, seed: 21, bots: { 1: 'greedy' }, botDelayMs: 0 });
    const errors: string[] = [];
    const page = await seated(id, 'Ana', errors);

    // Before the end the analysis page says when it will be there, and asks for nothing more.
    const early = await browser.newPage({ baseURL: server.http });
    const earlyErrors: string[] = [];
    early.on('console', (m) => { if (m.type() === 'error') earlyErrors.push(m.text()); });
    const asked: string[] = [];
    early.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await early.goto(`/m/${id}/analysis`);
    await expect.poll(() => early.locator('main.analysis [role=status]').textContent()).toMatch(/will be here when the match ends/);
    expect(await early.locator('svg.chart').count()).toBe(0);
    expect(asked.filter((p) => p.startsWith('/api/'))).toEqual([`/api/matches/${id}/lookup`]); // no replay asked for
    expect(await axeProblems(early)).toEqual([]);
    // An unknown match: said plainly, and nothing in the console (the lookup answers 200).
    await early.goto('/m/QQQQQQQQQQ/analysis');
    await expect.poll(() => early.locator('main.analysis [role=status]').textContent()).toMatch(/There is no match QQQQQQQQQQ/);
    expect(await axeProblems(early)).toEqual([]);
    expect(earlyErrors).toEqual([]);
    await early.close();

    // A hint on Ana's decision: the search bot's choice in words, counted at once.
    const hintButton = page.getByRole('button', { name: 'Hint' });
    await hintButton.waitFor({ timeout: 20_000 });
    await hintButton.click();
    await expect.poll(() => page.locator('.hintbar').textContent(), { timeout: 20_000 }).toMatch(/the search bot would (play|choose|decline)/);
    await expect.poll(() => page.locator('.hintbar').textContent()).toMatch(/Hints used: 1/);
    // The worker was handed the seat's own view: Ana's hand, the others' hand sizes only, no decks.
    const sent = await page.evaluate(() => (window as any).__toWorker as any[]);
    expect(sent).toHaveLength(1);
    expect(sent[0].kind).toBe('hint');
    expect(Object.keys(sent[0])).toEqual(['kind', 'view']);
    const v = sent[0].view;
    expect(v.you).toBe(0);
    expect(v.pending.seat).toBe(0);
    expect(v.hand.every((c: string) => c.startsWith('0:'))).toBe(true);
    for (const key of ['hands', 'decks', 'heroDeck', 'rng']) expect(v).not.toHaveProperty(key);
    for (const p of v.players) { expect(p).not.toHaveProperty('hand'); expect(p).not.toHaveProperty('deck'); }
    await shot(page, 'hint-1280x800');

    await playToEnd([page]);
    await expect.poll(() => page.locator('.hints-used').textContent()).toMatch(/Ana used 1 hint/);
    expect(await page.locator('.log').textContent()).toMatch(/Ana used a hint\./);
    const replay = await fetch(`${server.http}/api/matches/${id}/replay`).then((r) => r.json() as Promise<any>);
    const actions = replay.actions.length as number;
    expect(replay.actions.filter((a: any) => a.hinted)).toHaveLength(1);

    // The analysis, from the end screen's link, worked out in the browser.
    const t0 = Date.now();
    await page.getByRole('link', { name: 'Analysis' }).click();
    await page.waitForURL(`**/m/${id}/analysis`);
    const chart = page.getByRole('img', { name: /win chance/i });
    await chart.waitFor({ timeout: 150_000 });
    console.log(`analysis of ${actions} actions shown ${Date.now() - t0} ms after the click; the worker took ${await page.locator('.took').textContent()}`);
    const table = page.locator('table', { has: page.locator('caption', { hasText: /^Win chance/ }) });
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(actions);
    expect(await table.locator('thead th').count()).toBe(2 + 2);
    expect(await rows.last().textContent()).toMatch(/100%/); // the winner, at the end
    expect(await table.locator('tbody tr', { hasText: '(hint)' }).count()).toBe(1);
    // The person's costliest decisions (at most three), each in plain words with the bot's choice and
    // what it kept, costliest first, each beyond its margin of error. How many there are depends on
    // the search's 45 ms cap on a busy machine, and on what the playouts can tell from their noise.
    expect(await page.locator('.costly').count()).toBe(1);
    const costly = page.locator('.costly li');
    const n = await costly.count();
    expect(n).toBeLessThanOrEqual(3);
    if (!n) expect(await page.locator('.costly').textContent()).toMatch(/No decision cost more win chance than the playouts' margin of error/);
    const costlyWords = await costly.allTextContents();
    const took = await page.locator('.took').textContent();
    const more: number[] = [];
    for (const text of await costly.allTextContents()) {
      expect(text).toMatch(/^Step \d+: Ana (played|picked|declined|took).*, keeping \d+%; the search bot would .+, keeping \d+% \(\d+ points more, beyond the ± \d+ margin of error\)/);
      expect(text).not.toMatch(/chose to|pick pick|choose/);
      const [had, kept] = pctOf(text);
      const [, lost, margin] = /\((\d+) points more, beyond the ± (\d+)/.exec(text)!.map(Number);
      expect(kept!).toBeGreaterThanOrEqual(had!);
      expect(lost!).toBeGreaterThanOrEqual(margin!);
      more.push(lost!);
    }
    expect(more).toEqual([...more].sort((x, y) => y - x));
    // Each chance before the end carries its margin of error.
    expect(await page.locator('.chances .start').textContent()).toMatch(/^At the start: .+ \d+% ± \d+ · .+ \d+% ± \d+\./);
    expect(await page.locator('svg.chart polygon').count()).toBe(2);
    // The chart's words are whole (the axis's "100%" inside the picture) and the x axis numbers its steps.
    const ticks = await chart.evaluate((svg) => {
      const box = svg.getBoundingClientRect();
      return [...svg.querySelectorAll('text.tick')].map((t) => {
        const r = t.getBoundingClientRect();
        return { text: t.textContent, inside: r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.bottom <= box.bottom + 0.5 };
      });
    });
    expect(ticks.filter((t) => !t.inside)).toEqual([]);
    expect(ticks.map((t) => t.text)).toEqual(expect.arrayContaining(['0%', '50%', '100%', '0', 'step']));
    expect(ticks.filter((t) => /^\d+$/.test(t.text ?? '')).length).toBeGreaterThanOrEqual(4);
    await shot(page, 'analysis-1280x800');
    expect(await axeProblems(page)).toEqual([]);

    // A row shows the table as it was then; so do a decision, a point on the chart, and the keys.
    const heading = page.locator('#position-h');
    await rows.nth(4).getByRole('button', { name: 'Step 5' }).click();
    await expect.poll(() => heading.textContent()).toBe('The table at step 5');
    expect(await page.locator('.position .board').getAttribute('data-version')).toBe('5');
    expect(await rows.nth(4).getAttribute('aria-current')).toBe('step');
    // The step in plain words, not the protocol's ("chose to choose …"), with each chance's margin.
    expect(await page.locator('.stepper span').textContent()).toMatch(/^Step 5 of \d+: (?!.*chose to choose).+? (played|picked|declined|took)\b.*\d+% ± \d+/);
    if (n) {
      const first = costly.first().getByRole('button');
      const step = Number((await first.textContent())!.replace('Step ', ''));
      await first.click();
      await expect.poll(() => page.locator('.position .board').getAttribute('data-version')).toBe(String(step));
    }
    await chart.scrollIntoViewIfNeeded();
    const box = (await chart.boundingBox())!;
    await page.mouse.click(box.x + box.width * (44 / 640) + 1, box.y + box.height / 2); // the chart's left edge (LEFT in chart.tsx)
    await expect.poll(() => heading.textContent()).toBe('The table at step 0');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => heading.textContent()).toBe('The table at step 2');
    await rows.nth(6).getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => heading.textContent()).toBe('The table at step 7');
    expect(await axeProblems(page)).toEqual([]);

    // On a phone: one column, nothing wider than the screen, still no axe problem.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => scrollTo(0, 0));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const chartBox = (await chart.boundingBox())!;
    expect(chartBox.width).toBeLessThanOrEqual(390);
    expect(chartBox.width).toBeGreaterThan(300);
    await shot(page, 'analysis-390x844');
    expect(await axeProblems(page)).toEqual([]);
    // The replay links here too.
    const handed = await page.evaluate(() => (window as any).__toWorker.length as number);
    await page.getByRole('link', { name: 'Replay' }).click();
    // Named by its people, never its id.
    await page.getByRole('heading', { name: /^Replay: .+ vs / }).waitFor();
    expect(await page.title()).not.toContain(id);
    // Back, and after a reload, the analysis is the one worked out: kept, not worked out again.
    await page.getByRole('link', { name: 'Analysis' }).click();
    await page.getByRole('table', { name: /^Win chance/ }).waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => (window as any).__toWorker.length as number)).toBe(handed);
    await page.reload();
    await page.getByRole('table', { name: /^Win chance/ }).waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => (window as any).__toWorker)).toEqual([]);
    expect(await rows.count()).toBe(actions);
    expect(await costly.allTextContents()).toEqual(costlyWords);
    expect(await page.locator('.took').textContent()).toBe(took);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 360_000);

  it('offers no Hint button while another person plays', async () => {
    const { id } = await post('/api/matches', { players: 2, seed: 3, botDelayMs: 0 });
    const ana = await seated(id, 'Ana');
    const bo = await seated(id, 'Bo');
    await expect.poll(() => Promise.all([ana, bo].map((p) => p.locator('.decision.mine').count())).then((c) => c[0]! + c[1]!)).toBe(1);
    for (const p of [ana, bo]) expect(await p.getByRole('button', { name: 'Hint' }).count()).toBe(0);
    await ana.context().close();
    await bo.context().close();
  }, 60_000);
});
