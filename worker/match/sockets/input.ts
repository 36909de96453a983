// A socket message, checked in the protocol's order as far as it can be
// without the match: too-large, bad-json, bad-request.
import * as v from 'valibot';
import { ClientMessage, describeIssues, MAX_MESSAGE_BYTES, type Refusal } from '../../../shared/protocol';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * Whether a text is over the limit in UTF-8 bytes. A UTF-16 unit is 1 to 3 bytes, so only a text
 * between a third of the limit and the limit is encoded to tell (a move is far below it).
 */
const tooLarge = (s: string): boolean =>
  s.length > MAX_MESSAGE_BYTES || (s.length * 3 > MAX_MESSAGE_BYTES && encoder.encode(s).length > MAX_MESSAGE_BYTES);

export type Parsed = { ok: true; msg: ClientMessage } | { ok: false; refusal: Refusal };

export function parseMessage(raw: string | ArrayBuffer): Parsed {
  if (typeof raw === 'string' ? tooLarge(raw) : raw.byteLength > MAX_MESSAGE_BYTES) {
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
