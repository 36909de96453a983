// Request bodies and error answers of the lobby routes: unsupported-media-type, too-large,
// bad-json, bad-request, in that order, each with the protocol's error JSON; a body too slow is 408.
import type { Context, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { describeIssues, errorBody, HTTP_STATUS, MAX_MESSAGE_BYTES, type ErrorCode } from '../../../shared/protocol';
import { arrive } from './arrival';
import { bodyDeadlineMs } from '../../shared/limits';
import { logEvent } from '../../shared/log';
import { refused, where } from './refused';

export const fail = (c: Context, code: ErrorCode, message: string, status: number = HTTP_STATUS[code], suggestion?: string) =>
  c.json(errorBody(code, message, suggestion), status as 400);

const tooLarge = (c: Context) => refused(c, 'too-large', `Bodies are at most ${MAX_MESSAGE_BYTES} bytes.`);

/** `application/json`, parameters (`; charset=utf-8`) allowed. */
const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * The JSON routes' gate: the body says it is JSON (a form or text/plain post, which a page of
 * any site can send without asking, is refused), and is read here as it arrives (arrival.ts):
 * refused once it passes MAX_MESSAGE_BYTES, by its Content-Length before any of it is read or,
 * chunked, at the chunk that goes over, without reading the rest; cut with 408 if it has not all
 * come within BODY_DEADLINE_MS (wrangler.toml); and, if the client goes away mid-body, one `dropped` line.
 */
export const jsonBody: MiddlewareHandler = async (c, next) => {
  if (!JSON_TYPE.test(c.req.header('Content-Type') ?? '')) {
    return refused(c, 'unsupported-media-type', 'The body must be JSON, sent as Content-Type: application/json.');
  }
  if (!c.req.header('Transfer-Encoding') && Number(c.req.header('Content-Length') ?? 0) > MAX_MESSAGE_BYTES) return tooLarge(c);
  const deadline = bodyDeadlineMs(c.env);
  const got = await arrive(c.req.raw.body, MAX_MESSAGE_BYTES, deadline);
  if (got.ok) {
    c.req.raw = new Request(c.req.raw, { body: got.bytes });
    return next();
  }
  if (got.why === 'too-large') return tooLarge(c);
  if (got.why === 'too-slow') {
    logEvent('refused', { code: 'bad-request', where: where(c), kind: 'slow-body', bytes: got.bytes });
    return fail(c, 'bad-request', `The body did not all arrive within ${deadline / 1000} s.`, 408);
  }
  logEvent('dropped', { where: where(c), kind: 'body', bytes: got.bytes });
  // Nobody is left to read an answer, and writing one with a body to the closed connection would be
  // an uncaught error of its own.
  return new Response(null, { status: 400 });
};

export async function readBody<S extends v.GenericSchema>(
  c: Context, schema: S,
): Promise<{ ok: true; body: v.InferOutput<S> } | { ok: false; res: Response }> {
  const bytes = await c.req.arrayBuffer();
  // jsonBody bounded it already; a route without it is bounded here too.
  if (bytes.byteLength > MAX_MESSAGE_BYTES) return { ok: false, res: tooLarge(c) };
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return { ok: false, res: fail(c, 'bad-json', 'The body is not JSON.') };
  }
  const r = v.safeParse(schema, data);
  if (!r.success) return { ok: false, res: fail(c, 'bad-request', describeIssues(r.issues)) };
  return { ok: true, body: r.output };
}
