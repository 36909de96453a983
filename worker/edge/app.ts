// The HTTP edge: every request the Worker gets. Pages and their files are served from the
// assets; /api/* passes the middleware (headers on every answer, same-origin for state-changing
// requests), then the lobby's routes (matches.ts), the quick match's (quick.ts) and the players' (players.ts).
import { Hono } from 'hono';
import type { Health } from '../../shared/protocol';
import { lobbyFeed } from './lobby-feed';
import { routes } from './matches';
import { fail } from './middleware/body';
import { own, pageHeaders } from './middleware/headers';
import { matchPage } from './pages';
import { sameOrigin } from './middleware/origin';
import { passkeys } from './passkeys';
import { players } from './players';
import { quick } from './quick';

export const app = new Hono<{ Bindings: Env }>();

// Every response, pages too (wrangler.toml sends every request to the worker first).
app.use(pageHeaders);
app.use(sameOrigin);
app.get('/api/health', (c) => c.json({ ok: true } satisfies Health));
app.route('/', routes);
app.route('/', quick);
app.route('/', lobbyFeed);
app.route('/', players);
app.route('/', passkeys);
app.all('/api/*', (c) => fail(c, 'not-found', 'No such route.'));
// A match link's page names its table in its title and preview tags (pages.ts).
app.get('/m/:id', matchPage);
app.get('/m/:id/watch', matchPage);
// Everything else is the client (web/dist), with SPA fallback from wrangler.toml.
app.all('*', async (c) => own(await c.env.ASSETS.fetch(c.req.raw)));

app.onError((err, c) => {
  console.error(err);
  return c.json({ error: { code: 'internal', message: 'Something went wrong on the server.' } }, 500);
});
