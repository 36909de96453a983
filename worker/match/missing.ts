// A match object that holds no match (never made, deleted, or the one that answers ids of the
// wrong form) answers so a browser logs nothing as an error: it cannot read the status of a
// refused upgrade (and logs the refusal). Nothing is stored: the object was only asked.
import { errorBody, socketError } from '../../shared/protocol';
import { MATCH_ID } from '../shared/ids';
import type { RefusalLog } from './sockets/refusal-log';
import { CLOSE_DELETED } from './retention';
import { isUpgrade, refusedSocket } from '../shared/sockets';

/**
 * The one object that answers the sockets of ids of the wrong form (no object is named by one): not
 * itself of a match id's form, so no match is ever made in it.
 */
export const MALFORMED_IDS = 'malformed-ids';

/**
 * A match object that holds no match (never made, deleted, or MALFORMED_IDS): a socket is sent one
 * not-found error and closed with 4004, the code a deleted match's sockets get: do not reconnect
 * (one paced line, worker/refusal-log.ts). Anything else is 404, logged by the route.
 */
export function noMatchHere(ctx: DurableObjectState, request: Request, refusals: RefusalLog): Response {
  if (!isUpgrade(request.headers.get('Upgrade'))) return Response.json(errorBody('not-found', 'No such match.'), { status: 404 });
  const id = new URL(request.url).pathname.split('/')[3] ?? '';
  refusals.write(MATCH_ID.test(id) ? id : undefined, 'not-found', MATCH_ID.test(id) ? 'unknown' : 'malformed');
  return refusedSocket(ctx, socketError('not-found', 'No such match.'), CLOSE_DELETED, 'No such match.');
}
