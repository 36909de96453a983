// Answers for a match id that names no match, made so a browser logs nothing as an error: it
// cannot read the status of a refused upgrade (and logs the refusal), nor a 404 fetch without
// logging it. Neither answer stores anything: the object was only asked (and said "none").
import type { Context } from 'hono';
import { socketError, type MatchSummary } from '../shared/protocol';
import type { Lookup } from '../shared/protocol/http';
import { CLOSE_DELETED } from './retention';
import { refuseOpened } from './sockets';

/** `GET /api/matches/:id/lookup`: 200 either way, the summary when the match exists. */
export const lookupAnswer = (c: Context, s: MatchSummary | null) =>
  c.json((s ? { found: true, match: s } : { found: false }) satisfies Lookup);

/**
 * The socket of an unknown match: accepted here in the worker (no object holds it), sent one
 * not-found error and closed with 4004, the code a deleted match's sockets get: do not reconnect.
 */
export function noSuchMatchSocket(): Response {
  const pair = new WebSocketPair();
  refuseOpened(pair[1], socketError('not-found', 'No such match.'), CLOSE_DELETED, 'No such match.');
  return new Response(null, { status: 101, webSocket: pair[0] });
}
