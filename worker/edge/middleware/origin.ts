// No other site acts for a visitor: a request that can change something (any method but GET and
// HEAD) or opens a match socket, sent by a page of another site, is refused with 403 before it
// acts. Browsers set `Origin` on both; bots, scripts and the protocol's other clients send none
// and are let through (they act for themselves, not for a visitor's browser).
//
// Not hono/csrf: it checks only form-like content types (so not the JSON routes, where a
// foreign page's request is still worth refusing even though CORS would keep the answer from
// it), lets every GET through (so not socket upgrades, which CORS does not cover at all), and
// refuses a form post that has no Origin, which this project's Node clients never send.
import type { MiddlewareHandler } from 'hono';
import { refused } from './refused';
import { isUpgrade } from '../../shared/sockets';

export const sameOrigin: MiddlewareHandler = async (c, next) => {
  const origin = c.req.header('Origin');
  const acts = !(c.req.method === 'GET' || c.req.method === 'HEAD') || isUpgrade(c.req.header('Upgrade'));
  // The site's own origin is the one the request was sent to ("null", an opaque origin, is never it).
  if (acts && origin !== undefined && origin !== new URL(c.req.url).origin) {
    return refused(c, 'forbidden', 'This request came from another site; open the game on its own page.', { origin: origin.slice(0, 100) });
  }
  await next();
};
