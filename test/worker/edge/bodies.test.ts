// Bodies are bounded as they arrive: over MAX_MESSAGE_BYTES is 413 too-large while it streams
// in, chunked (no Content-Length) too, without reading the rest; only JSON is taken (415
// otherwise); the order of refusals is unsupported-media-type, too-large, bad-json, bad-request.
// A body that stalls is cut with 408 after BODY_DEADLINE_MS (10 s in wrangler.toml, 2 s here: vitest.config.ts).
import { env, exports } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SLOW } from '../../slow';
import { MAX_MESSAGE_BYTES } from '../../../shared/protocol';
import { bodyDeadlineMs } from '../../../worker/shared/limits';
import { BASE, call } from '../helpers';
import { watchLogs, type Logged } from '../refusals';

const enc = new TextEncoder();

/** A body that never ends: `head`, then kilobyte after kilobyte of `x`, counting what was pulled. */
function endless(head: string) {
  const s = { pulled: 0, cancelled: false, stream: null as unknown as ReadableStream<Uint8Array> };
  let first = true;
  s.stream = new ReadableStream<Uint8Array>({
    pull(ctrl) {
      const chunk = enc.encode(first ? head : 'x'.repeat(1024));
      first = false;
      s.pulled += chunk.length;
      ctrl.enqueue(chunk);
    },
    cancel() { s.cancelled = true; },
  }, { highWaterMark: 0 });
  return s;
}

/** A body of exactly these bytes, in chunks of `size`, with no Content-Length. */
function chunked(text: string, size = 1000): ReadableStream<Uint8Array> {
  const bytes = enc.encode(text);
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(ctrl) {
      if (at >= bytes.length) return ctrl.close();
      ctrl.enqueue(bytes.slice(at, at += size));
    },
  });
}

const post = async (path: string, body: BodyInit, type = 'application/json') => {
  const res = await exports.default.fetch(`${BASE}${path}`, {
    method: 'POST', body, headers: { 'Content-Type': type, 'CF-Connecting-IP': `bodies-${Math.random()}` },
  });
  return { status: res.status, headers: res.headers, json: await res.json<any>() };
};

const error = (code: string) => ({ error: { code, message: expect.any(String) } });

let logs: Logged;
beforeEach(() => { logs = watchLogs(); });
afterEach(() => { logs.stop(); });

describe('bodies as they arrive', () => {
  it('refuses an endless chunked body with 413 too-large after reading about the limit, not the rest', async () => {
    const body = endless('{"players": 2, "pad": "');
    const r = await post('/api/matches', body.stream);
    expect(r.status).toBe(413);
    expect(r.json).toEqual(error('too-large'));
    // What was pulled: the limit, plus what the pipe between test and worker buffers.
    expect(body.pulled).toBeGreaterThan(MAX_MESSAGE_BYTES);
    expect(body.pulled).toBeLessThan(64 * 1024);
    const pulled = body.pulled;
    await new Promise((r) => setTimeout(r, 200));
    expect(body.pulled).toBeLessThan(64 * 1024);
    expect(body.pulled - pulled).toBeLessThan(32 * 1024);
    expect(logs.refused).toEqual([expect.objectContaining({ code: 'too-large', where: 'POST /api/matches' })]);
  });

  it('takes a chunked body of exactly the limit and refuses one byte more', async () => {
    const pad = (n: number) => JSON.stringify({ players: 2, pad: 'x'.repeat(n) });
    const exact = pad(MAX_MESSAGE_BYTES - pad(0).length);
    expect(enc.encode(exact).length).toBe(MAX_MESSAGE_BYTES);
    expect((await post('/api/matches', chunked(exact))).status).toBe(201);
    const over = await post('/api/matches', chunked(pad(MAX_MESSAGE_BYTES + 1 - pad(0).length)));
    expect(over.status).toBe(413);
    expect(over.json).toEqual(error('too-large'));
  });

  it('refuses on a Content-Length over the limit, and on join and rematch too', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(5000) });
    for (const path of ['/api/matches', '/api/matches/AAAAAAAAAA/join', '/api/matches/AAAAAAAAAA/rematch']) {
      const r = await post(path, big);
      expect(r.status).toBe(413);
      expect(r.json).toEqual(error('too-large'));
    }
    expect(logs.refused.map((l) => l.where)).toEqual(['POST /api/matches', 'POST /api/matches/:id/join', 'POST /api/matches/:id/rematch']);
  });

  it('refuses in the order unsupported-media-type, too-large, bad-json, bad-request', async () => {
    const big = 'no json '.repeat(1000);
    expect((await post('/api/matches', chunked(big), 'text/plain')).json).toEqual(error('unsupported-media-type'));
    expect((await post('/api/matches', chunked(big))).json).toEqual(error('too-large'));
    expect((await post('/api/matches', chunked('no json'))).json).toEqual(error('bad-json'));
    expect((await post('/api/matches', chunked('{"players": 9}'))).json).toEqual(error('bad-request'));
    // Only the refusals made before a body is read are logged as such (one line each).
    expect(logs.refused.map((l) => l.code)).toEqual(['unsupported-media-type', 'too-large']);
    expect(logs.errors).toEqual([]);
  });
});

describe('only JSON', () => {
  it.each([
    ['text/plain', 'text/plain'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['multipart', 'multipart/form-data; boundary=x'],
    ['JSON-like', 'application/jsonp'],
    ['no type at all', ''],
  ])('refuses %s with 415 unsupported-media-type, creating nothing', async (_what, type) => {
    const headers: Record<string, string> = type ? { 'Content-Type': type } : {};
    const res = await exports.default.fetch(`${BASE}/api/matches`, { method: 'POST', body: '{"players": 2}', headers });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual(error('unsupported-media-type'));
    expect(logs.refused).toEqual([expect.objectContaining({ code: 'unsupported-media-type', where: 'POST /api/matches' })]);
  });

  it('takes application/json with a charset, in any case', async () => {
    expect((await post('/api/matches', '{"players": 2}', 'application/json; charset=utf-8')).status).toBe(201);
    expect((await post('/api/matches', '{"players": 2}', 'Application/JSON')).status).toBe(201);
    const made = await call('POST', '/api/matches', { players: 2 });
    expect((await post(`/api/matches/${made.json.id}/join`, '{"name": "Ann"}', 'application/json;charset=UTF-8')).status).toBe(200);
    expect(logs.refused).toEqual([]);
  });
});

/** A body that sends `head` and then nothing more, never ending. (A client that goes away mid-body
 * cannot be made here: workerd ends the body where the test's stream fails, so
 * test/integration/quiet-edges.test.ts cuts a real connection.) */
function stalling(head: string) {
  let sent = false;
  return new ReadableStream<Uint8Array>({
    pull(ctrl) {
      if (sent) return new Promise<void>(() => {});
      sent = true;
      ctrl.enqueue(enc.encode(head));
    },
  }, { highWaterMark: 0 });
}

describe('bodies that stop coming', () => {
  const DEADLINE = bodyDeadlineMs(env);

  it('waits 10 s unless told less, and never longer', () => {
    expect(bodyDeadlineMs({} as Env)).toBe(10_000);
    expect(bodyDeadlineMs({ BODY_DEADLINE_MS: '60000' } as Env)).toBe(10_000);
    expect(DEADLINE).toBe(2000);
  });

  it(`cuts a stalled body after BODY_DEADLINE_MS with 408 and one line`, { ...SLOW, timeout: 20_000 }, async () => {
    const t0 = Date.now();
    const r = await post('/api/matches', stalling('{"players"'));
    const took = Date.now() - t0;
    expect(r.status).toBe(408);
    expect(r.json).toEqual(error('bad-request'));
    expect(took).toBeGreaterThanOrEqual(DEADLINE - 100);
    expect(took).toBeLessThan(DEADLINE + 2000);
    expect(logs.refused).toEqual([expect.objectContaining({ code: 'bad-request', where: 'POST /api/matches', kind: 'slow-body', bytes: 10 })]);
    expect(logs.errors).toEqual([]);
  });
});
