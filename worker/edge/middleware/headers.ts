// Responses of the assets binding and of Durable Objects, made ours so the security headers
// (security-headers.ts) can be set on them.
export { pageHeaders } from './security-headers';

/**
 * A response from the assets binding or a Durable Object has immutable headers; this copy can
 * take pageHeaders'. An upgrade keeps its socket.
 */
export const own = (res: Response): Response =>
  res.webSocket ? new Response(null, { status: res.status, statusText: res.statusText, headers: res.headers, webSocket: res.webSocket })
    : new Response(res.body, res);
