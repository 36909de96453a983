// A match link read without running any script, as a chat app's preview reads it: the page's title
// and Open Graph tags name who invites and who plays (never the id), every name escaped; an unknown
// match's link gets the site's generic tags.
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BASE, createMatch, join } from '../helpers';

const page = async (path: string) => {
  const res = await exports.default.fetch(`${BASE}${path}`);
  return { res, html: await res.text() };
};

/** The head's tags as a chat app reads them: each meta's content and the title, entities decoded once. */
function tags(html: string): Record<string, string> {
  const head = html.slice(0, html.indexOf('</head>'));
  const decode = (s: string) => s.replace(/&(lt|gt|quot|#39|amp);/g, (_m, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[e]!);
  const out: Record<string, string> = {};
  for (const m of head.matchAll(/<meta (property|name)="([^"]+)" content="([^"]*)"/g)) out[m[2]!] = decode(m[3]!);
  out.title = decode(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? '');
  return out;
}

describe('a match link\'s page, without script', () => {
  it('names who invites, and an id nowhere in its title', async () => {
    const id = await createMatch({ players: 3, bots: { 2: 'greedy' } });
    await join(id, 'Ann');
    const { res, html } = await page(`/m/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    const t = tags(html);
    expect(t.title).toBe('Ann invites you to Darkmoor Online');
    expect(t['og:title']).toBe('Ann invites you to Darkmoor Online');
    expect(t['og:description']).toBe('Ann vs Greedy bot 3 and 1 open seat. Retreat to Darkmoor, a card game for 3 players: about 5 minutes. Open the link to take a seat.');
    expect(t.description).toBe(t['og:description']);
    expect(t['og:image']).toBe(`${BASE}/og.png`);
    expect(t['twitter:card']).toBe('summary_large_image');
    expect(html).not.toContain(id.slice(0, 10) + '"'); // no tag's value is the id
    expect(`${t.title} ${t['og:title']} ${t['og:description']}`).not.toContain(id);
    // The rest of the page is the client's, unchanged: its early socket script is still there.
    expect(html).toContain('window.__dmEarly');
    // Its own page: no validator shared with the plain one.
    expect(res.headers.get('ETag')).toBeNull();
  });

  it('names who plays once the table is full, on the watch link too', async () => {
    const id = await createMatch({ players: 2, bots: { 1: 'greedy' }, botDelayMs: 5000 });
    await join(id, 'Ann');
    for (const path of [`/m/${id}`, `/m/${id}/watch`]) {
      const t = tags((await page(path)).html);
      expect(t.title, path).toBe('Ann vs Greedy bot 2 · Darkmoor Online');
      expect(t['og:description'], path).toBe('Ann vs Greedy bot 2, playing Retreat to Darkmoor, a card game for 2 players. Open the link to watch.');
    }
  });

  it('escapes a name that holds markup and quotes: it stays text, in every tag', async () => {
    const id = await createMatch({ players: 2 });
    const name = `<script>"A'nn" & x</`;
    await join(id, name);
    const { html } = await page(`/m/${id}`);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('<script>"A');
    expect(head).toContain('&lt;script&gt;&quot;A&#39;nn&quot; &amp; x&lt;/');
    const t = tags(html);
    // Read back, the tags hold the name exactly, and nothing else was broken open.
    expect(t.title).toBe(`${name} invites you to Darkmoor Online`);
    expect(t['og:title']).toBe(`${name} invites you to Darkmoor Online`);
    expect(t['og:description']).toContain(`${name} and 1 open seat.`);
    // The page's own scripts (index.html's early one, and the bundle once built), no other.
    const home = (await page('/')).html;
    expect(head.match(/<script/g)).toHaveLength(home.slice(0, home.indexOf('</head>')).match(/<script/g)!.length);
  });

  it('gives an unknown or malformed id the site\'s generic tags: the same page as the lobby\'s', async () => {
    const home = (await page('/')).html;
    expect(tags(home)['og:title']).toBe('Darkmoor Online');
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'not-an-id']) {
      const { res, html } = await page(`/m/${id}`);
      expect(res.status, id).toBe(200);
      expect(html, id).toBe(home);
    }
  });
});
