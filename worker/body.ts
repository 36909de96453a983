// Request bodies and error answers of the lobby routes: too-large, bad-json,
// bad-request, in that order, each with the protocol's error JSON.
import type { Context } from 'hono';
import * as v from 'valibot';
import { describeIssues, errorBody, HTTP_STATUS, MAX_MESSAGE_BYTES, type ErrorCode } from '../shared/protocol';

export const fail = (c: Context, code: ErrorCode, message: string, status: number = HTTP_STATUS[code]) =>
  c.json(errorBody(code, message), status as 400);

export async function readBody<S extends v.GenericSchema>(
  c: Context, schema: S,
): Promise<{ ok: true; body: v.InferOutput<S> } | { ok: false; res: Response }> {
  const declared = Number(c.req.header('content-length') ?? 0);
  const tooLarge = () => ({ ok: false as const, res: fail(c, 'too-large', `Bodies are at most ${MAX_MESSAGE_BYTES} bytes.`) });
  if (declared > MAX_MESSAGE_BYTES) return tooLarge();
  const bytes = await c.req.arrayBuffer();
  if (bytes.byteLength > MAX_MESSAGE_BYTES) return tooLarge();
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
