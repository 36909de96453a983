// A match link's page: the client's index.html with its title and Open Graph tags naming the table
// (who invites, who plays), so a link pasted into a chat app previews as an invitation without
// running a script. Names are people's own text: every one is escaped here. An unknown or malformed
// id gets the page as it is (its generic tags).
import type { Context } from 'hono';
import { linkDescription, linkTitle, type MatchSummary } from '../../shared/protocol';
import { MATCH_ID } from '../shared/ids';
import { own } from './middleware/headers';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text made safe inside an attribute value or an element. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);

/** The head's tags for `s`: which meta (by `property` or `name`) gets what content. */
function tagsFor(s: MatchSummary, origin: string): [attr: 'property' | 'name', key: string, content: string][] {
  const description = linkDescription(s);
  return [
    ['property', 'og:title', linkTitle(s)],
    ['property', 'og:description', description],
    ['name', 'description', description],
    ['property', 'og:image', `${origin}/og.png`],
  ];
}

/** `GET /m/:id` and `/m/:id/watch`: the shared links. */
export async function matchPage(c: Context<{ Bindings: Env }>): Promise<Response> {
  const id = c.req.param('id') ?? '';
  // The page and the summary at once: the match's answer adds no wait of its own to the page's.
  const [page, s] = await Promise.all([c.env.ASSETS.fetch(c.req.raw), MATCH_ID.test(id) ? c.env.MATCH.getByName(id).summary() : null]);
  const res = own(page);
  if (!s || !res.ok || !(res.headers.get('Content-Type') ?? '').startsWith('text/html')) return res;
  let rewriter = new HTMLRewriter().on('title', { element: (el) => { el.setInnerContent(escapeHtml(linkTitle(s)), { html: true }); } });
  for (const [attr, key, content] of tagsFor(s, new URL(c.req.url).origin)) {
    // The whole tag written anew, its value escaped here: nothing depends on how the rewriter quotes.
    rewriter = rewriter.on(`meta[${attr}="${key}"]`, {
      element: (el) => { el.replace(`<meta ${attr}="${key}" content="${escapeHtml(content)}" />`, { html: true }); },
    });
  }
  const out = own(rewriter.transform(res));
  // Each match's page is its own now: no validator shared with the plain page, and asked for again each time.
  out.headers.delete('ETag');
  out.headers.set('Cache-Control', 'no-cache');
  return out;
}
