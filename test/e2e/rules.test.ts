// The rules page's pictures (web/src/rules-pictures.tsx): the table labelled part by part and each
// step of a turn, drawn with the board's own card faces and badges, at a desk's size and a phone's.
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeProblems, person, shot, shotOf } from '../../harness/browser';
import type { Server } from '../../harness/page-server';
import { pageSuite } from './suite';

let server: Server;
let browser: Browser;

pageSuite((s, b) => { server = s; browser = b; });

const PARTS = ['Haven', 'Location', 'Front of the horde', 'Tokens', 'Back of the horde', 'Peril and VP', 'Hero'];

describe('the rules page', () => {
  for (const [w, h] of [[1280, 800], [390, 844]] as const) {
    it(`at ${w}x${h}: the table labelled in the board's own faces, and a picture for each step of a turn`, async () => {
      const page = await person(browser, server.http, w, h);
      // The page's own content is what is checked: not every picture's load (one slow file on a loaded machine held the load event past 30 s).
      await page.goto('/rules', { waitUntil: 'domcontentloaded' });
      const table = page.getByRole('list', { name: 'The table, part by part' });
      await table.waitFor();
      expect(await table.locator('.rp-name').allTextContents()).toEqual(PARTS);
      // Each part's picture is the board's: the haven, the location card, minions with tokens and a protected one, the badges, the hero.
      for (const what of ['.haven .chip', '.card.loc .meter', '.card.minion', '.tok.tvp', '.tok.tpe', '.pro', '.badge.pe', '.badge.vp', '.card.herocard', '.hero .back']) {
        expect(await table.locator(what).count(), what).toBeGreaterThan(0);
      }
      const steps = page.locator('.rp-steps > li');
      expect(await steps.count()).toBe(4);
      for (let i = 0; i < 4; i++) {
        const pic = steps.nth(i).locator('.rp-pic');
        expect(await pic.locator('.card').count(), `step ${i + 1}`).toBeGreaterThan(0);
        expect((await pic.boundingBox())!.height, `step ${i + 1}`).toBeGreaterThan(40);
      }
      // The same badges as the board everywhere, no stand-in symbols; nothing runs past the screen's edge.
      expect(await page.locator('main').innerText()).not.toMatch(/[⚔★]/);
      expect(await page.locator('.catalog .badge.pe').count()).toBe(18 + 8);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(w);
      expect(await axeProblems(page)).toEqual([]);
      await shot(page, `rules-${w}`);
      await shotOf(table, `rules-table-${w}`);
      await shotOf(page.locator('.rp-steps'), `rules-turn-${w}`);
      await page.context().close();
    });
  }
});
