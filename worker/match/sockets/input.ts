// A socket message, checked in the protocol's order as far as it can be
// without the match: too-large, bad-json, bad-request.
import * as v from 'valibot';
import { ClientMessage, describeIssues, MAX_MESSAGE_BYTES, type Refusal } from '../../../shared/protocol';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

export const utf8Bytes = (s: string): number => (s.length > MAX_MESSAGE_BYTES ? s.length : encoder.encode(s).length);

export type Parsed = { ok: true; msg: ClientMessage } | { ok: false; refusal: Refusal };

export function parseMessage(raw: string | ArrayBuffer): Parsed {
  const bytes = typeof raw === 'string' ? utf8Bytes(raw) : raw.byteLength;
  // A string longer than the limit in UTF-16 units is longer in UTF-8 bytes too.
  if (bytes > MAX_MESSAGE_BYTES) {
    return { ok: false, refusal: { code: 'too-large', message: `Messages are at most ${MAX_MESSAGE_BYTES} bytes.` } };
  }
  let data: unknown;
  try {
    data = JSON.parse(typeof raw === 'string' ? raw : decoder.decode(raw));
  } catch {
    return { ok: false, refusal: { code: 'bad-json', message: 'The message is not JSON.' } };
  }
  const r = v.safeParse(ClientMessage, data);
  if (!r.success) return { ok: false, refusal: { code: 'bad-request', message: describeIssues(r.issues) } };
  return { ok: true, msg: r.output };
}
