// GET /api/lobby/ws: the public list pushed to a landing page (worker/lobby/feed.ts). The page
// still reads GET /api/matches first and whenever its socket is down.
import { Hono } from 'hono';
import { feed } from '../lobby/feed';
import { fail } from './middleware/body';
import { own } from './middleware/headers';
import { withAddress } from '../shared/address';
import { isUpgrade } from '../shared/sockets';

export const lobbyFeed = new Hono<{ Bindings: Env }>();

lobbyFeed.get('/api/lobby/ws', async (c) => {
  if (!isUpgrade(c.req.header('Upgrade'))) return fail(c, 'bad-request', 'This route only upgrades to a WebSocket.', 426);
  return own(await feed(c.env).fetch(withAddress(c.req.raw)));
});
