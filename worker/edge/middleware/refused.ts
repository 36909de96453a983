// A refusal the worker makes before a request reaches a match (another site's Origin, a body
// that is not JSON or too large): the protocol's error JSON, and one structured log line saying
// what was refused where. Nothing from the request body is logged.
import type { Context } from 'hono';
import { errorBody, HTTP_STATUS, type ErrorCode } from '../../../shared/protocol';
import { logEvent, type LogFields } from '../../shared/log';

/** `POST /api/matches/:id/join`: the route, not the id (the id is logged as `match` where it matters). */
export const where = (c: Context): string =>
  `${c.req.method} ${c.req.path.replace(/^\/api\/matches\/[^/]+(?=\/|$)/, '/api/matches/:id')}`;

/** `body`: an error body with more than the code and message (a taken name's suggestion). */
export function refused(c: Context, code: ErrorCode, message: string, fields: LogFields = {}, body: object = errorBody(code, message)): Response {
  logEvent('refused', { code, where: where(c), ...fields });
  return c.json(body, HTTP_STATUS[code]);
}
