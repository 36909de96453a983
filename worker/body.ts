// Request bodies and error answers of the lobby routes: unsupported-media-type, too-large,
// bad-json, bad-request, in that order, each with the protocol's error JSON.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { describeIssues, errorBody, HTTP_STATUS, MAX_MESSAGE_BYTES, type ErrorCode } from '../shared/protocol';
import { refused } from './refused';

export const fail = (c: Context, code: ErrorCode, message: string, status: number = HTTP_STATUS[code]) =>
  c.json(errorBody(code, message), status as 400);

const tooLarge = (c: Context) => refused(c, 'too-large', `Bodies are at most ${MAX_MESSAGE_BYTES} bytes.`);

/** `application/json`, parameters (`; charset=utf-8`) allowed. */
const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * The JSON routes' gate: the body says it is JSON (a form or text/plain post, which a page of
 * any site can send without asking, is refused), and is refused as it arrives once it passes
 * MAX_MESSAGE_BYTES: by its Content-Length, or, chunked, at the chunk that goes over, without
 * reading the rest (hono/body-limit keeps at most the limit in memory).
 */
const limit = bodyLimit({ maxSize: MAX_MESSAGE_BYTES, onError: tooLarge });

export const jsonBody: MiddlewareHandler = async (c, next) => {
  if (!JSON_TYPE.test(c.req.header('Content-Type') ?? '')) {
    return refused(c, 'unsupported-media-type', 'The body must be JSON, sent as Content-Type: application/json.');
  }
  return limit(c, next);
};

export async function readBody<S extends v.GenericSchema>(
  c: Context, schema: S,
): Promise<{ ok: true; body: v.InferOutput<S> } | { ok: false; res: Response }> {
  const bytes = await c.req.arrayBuffer();
  // jsonBody bounded it already; a Content-Length that understated the body still ends here.
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
