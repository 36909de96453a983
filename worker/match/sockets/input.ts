// A socket message, checked in the protocol's order as far as it can be
// without the match: too-large, bad-json, bad-request.
import * as v from 'valibot';
import { ClientMessage, describeIssues, MAX_MESSAGE_BYTES, type ActionMessage, type Refusal } from '../../../shared/protocol';

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
  const action = actionOf(data);
  if (action) return { ok: true, msg: action };
  const r = v.safeParse(ClientMessage, data);
  if (!r.success) return { ok: false, refusal: { code: 'bad-request', message: describeIssues(r.issues) } };
  return { ok: true, msg: r.output };
}

/**
 * A move (`play`, `choose`) checked by hand: it is nearly every message a seat sends, and
 * valibot's generic walk of the union cost more than the rest of the check. The same keys and
 * types as the schemas (PlayMessage, ChooseMessage), built field by field as the schema's output
 * is; anything else, a malformed move too, goes to the schema, which words the error.
 */
function actionOf(data: unknown): ActionMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const m = data as Record<string, unknown>;
  if (typeof m.version !== 'number') return null;
  if (m.type === 'play' && typeof m.card === 'string' && typeof m.location === 'string') return { type: 'play', card: m.card, location: m.location, version: m.version };
  if (m.type === 'choose' && typeof m.option === 'string') return { type: 'choose', option: m.option, version: m.version };
  return null;
}
