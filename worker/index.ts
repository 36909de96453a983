import { Hono } from 'hono';
import type { Health } from '../shared/protocol';
import { fail } from './edge/middleware/body';
import { own, pageHeaders } from './edge/middleware/headers';
import { sameOrigin } from './edge/middleware/origin';
import { quick } from './edge/quick';
import { routes } from './edge/matches';

export { Directory } from './lobby/directory';
export { Echo } from './bench/echo';
export { House } from './house/house';
export { Lobby } from './lobby/lobby';
export { Match } from './match/match';
export { Queue } from './queue/queue';
export { Quota } from './lobby/quota';

const app = new Hono<{ Bindings: Env }>();

// Every response, pages too (wrangler.toml sends every request to the worker first).
app.use(pageHeaders);
app.use(sameOrigin);
app.get('/api/health', (c) => c.json({ ok: true } satisfies Health));
app.route('/', routes);
app.route('/', quick);
app.all('/api/*', (c) => fail(c, 'not-found', 'No such route.'));
// Everything else is the client (web/dist), with SPA fallback from wrangler.toml.
app.all('*', async (c) => own(await c.env.ASSETS.fetch(c.req.raw)));

app.onError((err, c) => {
  console.error(err);
  return c.json({ error: { code: 'internal', message: 'Something went wrong on the server.' } }, 500);
});

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
