// Quiet, bounded edges, as an operator sees them in the runtime's output: every socket refused
// after its upgrade, a body whose client goes away and a body that stalls each write exactly one
// structured line, and the runtime reports no uncaught error for any of them; the stalled body is
// cut with 408 within BODY_DEADLINE_MS. (test/worker/edge/refused-sockets.test.ts and bodies.test.ts
// check the answers themselves.)
import { connect as tcp } from 'node:net';
import WS from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMatch, openSocket } from '../../harness/node';
import { startServer, type Server } from '../../harness/server';

let server: Server & { port: number };
/** Everything the runtime printed: the worker's lines (by level) and whatever workerd reports (uncaught errors too). */
const printed: { line: string; level: string }[] = [];
// A stalled body is cut after 2 s here (10 s in wrangler.toml): the wait was most of the test.
const BODY_DEADLINE_MS = 2000;
beforeAll(async () => {
  const s = await startServer(undefined, { SPECTATORS_PER_MATCH: '1', BODY_DEADLINE_MS: String(BODY_DEADLINE_MS) }, undefined, undefined, (line, level) => printed.push({ line, level }));
  server = { ...s, port: Number(new URL(s.http).port) };
});
afterAll(async () => { await server?.stop(); });

/** The structured lines the server printed. */
const lines = (): Record<string, unknown>[] => printed.map((p) => p.line).filter((l) => l.startsWith('{"event"')).map((l) => JSON.parse(l));

/** A socket's one error and its close code. */
const refused = (path: string) => new Promise<{ errors: string[]; close: number }>((done, fail) => {
  // The closing handshake done, the connection itself is not waited for: locally workerd keeps it
  // until the object rests, ~10 s (worker/shared/sockets.ts, refusedSocket).
  const ws = new WS(`${server.ws}${path}`, { closeTimeout: 500 } as WS.ClientOptions);
  const errors: string[] = [];
  ws.on('message', (d) => errors.push(JSON.parse(String(d)).code));
  ws.on('close', (close) => done({ errors, close }));
  ws.on('error', fail);
});

/**
 * A JSON POST that declares 4000 bytes and sends 10. `cut`: the client then goes away (resolves
 * when it has); otherwise it waits, and resolves with the answer's first bytes and when they came
 * (wrangler dev's proxy keeps the client's connection after the worker's answer; workerd alone closes it).
 */
const partialBody = (path: string, cut: boolean) => new Promise<{ answer: string; ms: number }>((done) => {
  const s = tcp(server.port, '127.0.0.1');
  const t0 = Date.now();
  s.on('connect', () => {
    s.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n{"players"`);
    if (cut) setTimeout(() => s.destroy(), 300);
  });
  // Not cut by the server in time: give up, answerless.
  setTimeout(() => s.destroy(), BODY_DEADLINE_MS + 5000);
  s.on('data', (d: Buffer) => {
    done({ answer: String(d), ms: Date.now() - t0 });
    s.destroy();
  });
  s.on('close', () => done({ answer: '', ms: Date.now() - t0 }));
  s.on('error', () => {});
});

describe('a real server\'s output', () => {
  it('has one line and no uncaught error for each refused socket, abandoned body and stalled body', async () => {
    const full = await createMatch(server.http, { players: 2 });
    const watcher = await openSocket(`${server.ws}/api/matches/${full}/ws`);
    await watcher.take('state');
    const named = await createMatch(server.http, { players: 2 });
    const tokened = await createMatch(server.http, { players: 2 });
    const [stalled, abandoned, ...sockets] = await Promise.all([
      partialBody('/api/matches', false),
      partialBody('/api/matches', true),
      refused('/api/matches/AAAAAAAAAAAAAAAAAAAAAA/ws'),
      refused('/api/matches/not-an-id!/ws'),
      refused(`/api/matches/${tokened}/ws?token=no-such-token`),
      refused(`/api/matches/${full}/ws`),
      refused(`/api/matches/${named}/ws?name=${'x'.repeat(40)}`),
    ]);
    watcher.socket.close();
    // Lines come through workerd's pipes: give them a moment.
    await new Promise((r) => setTimeout(r, 1500));
    expect(printed.filter((p) => p.level === 'uncaught' || p.level === 'error' || /Uncaught/.test(p.line))).toEqual([]);
    expect(sockets).toEqual([
      { errors: ['not-found'], close: 4004 }, { errors: ['not-found'], close: 4004 }, { errors: ['bad-token'], close: 4001 },
      { errors: ['full'], close: 4009 }, { errors: ['bad-request'], close: 4002 },
    ]);
    expect(stalled.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(stalled.ms).toBeLessThan(BODY_DEADLINE_MS + 1500);
    expect(abandoned.answer).toBe('');
    const refusals = lines().filter((l) => l.event === 'refused').map((l) => [l.code, l.kind]);
    expect(refusals.sort()).toEqual([
      ['bad-request', 'name'], ['bad-request', 'slow-body'], ['bad-token', 'upgrade'], ['full', 'spectators'],
      ['not-found', 'malformed'], ['not-found', 'unknown'],
    ]);
    expect(lines().filter((l) => l.event === 'dropped')).toEqual([expect.objectContaining({ where: 'POST /api/matches', kind: 'body', bytes: 10 })]);
  });
});
