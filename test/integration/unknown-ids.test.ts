// Unknown ids create nothing, at scale, on a real server: 250 well-formed ids that name no
// match answer not-found on every route (404; the lookup 200 found false; the socket upgraded and
// closed 4004), and the state directory holds no new match. (test/worker/edge/unknown-ids.test.ts looks inside each object.)
//
// Locally every object woken gets an SQLite file, whatever it does, so a stored match is a
// Match file holding a table of the match's own.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import WS from 'ws';
import { describe, expect, inject, it } from 'vitest';
import { call, createMatch } from '../../harness/node';

// The shared server (setup.ts): what other files stored is there before this one's count, and stays.
const server = inject('server');
const persist = server.persist;

function matchFiles(dir = persist): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = joinPath(dir, e.name);
    if (e.isDirectory()) return matchFiles(path);
    return dir.endsWith('-Match') && e.name.endsWith('.sqlite') && e.name !== 'metadata.sqlite' ? [path] : [];
  });
}

/**
 * Whether an object's database holds a table of its own: a CREATE TABLE in its schema, in the
 * file or still in its write-ahead log (SQLite keeps schema SQL as text). Miniflare's own
 * bookkeeping table, the object's name, is made for every object woken and does not count.
 */
function holds(file: string): boolean {
  const text = [file, `${file}-wal`].filter(existsSync).map((f) => readFileSync(f).toString('latin1')).join('');
  return /CREATE TABLE (?!__miniflare_do_name)/.test(text);
}

const stored = () => new Set(matchFiles().filter(holds));
const added = (before: Set<string>, after: Set<string>) => [...after].filter((f) => !before.has(f));

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Both well-formed lengths: today's 22 characters, and the 10 of matches made before them. */
const unknownId = (_: unknown, i: number) => Array.from(crypto.getRandomValues(new Uint8Array(i % 2 ? 22 : 10)), (b) => BASE62[b % 62]).join('');

/**
 * The socket's answer: the HTTP status it was refused with, or 101 with what came and its close.
 * The server closes a refused socket with the Hibernation API, after which workerd keeps the
 * connection until the object rests (~10 s; worker/shared/sockets.ts refusedSocket): after the closing
 * handshake this client stops waiting for that, as a browser does after 2 s.
 */
const upgradeAnswer = (id: string) => new Promise<{ status: number; messages: string[]; close?: number }>((done, fail) => {
  // ws 8.23 takes closeTimeout; @types/ws 8.18 does not list it yet.
  const ws = new WS(`${server.ws}/api/matches/${id}/ws`, { closeTimeout: 500 } as WS.ClientOptions);
  const messages: string[] = [];
  ws.on('unexpected-response', (_req, res) => {
    let body = '';
    res.on('data', (d: Buffer) => { body += d; });
    res.on('end', () => done({ status: res.statusCode ?? 0, messages: [body] }));
  });
  ws.on('message', (d) => messages.push(String(d)));
  ws.on('close', (code) => done({ status: 101, messages, close: code }));
  ws.on('error', (e) => { if (!/Unexpected server response/.test(e.message)) fail(e); });
});

describe('unknown match ids on a real server', () => {
  it('the count sees a real match: creating one adds exactly one stored match', async () => {
    const before = stored();
    await createMatch(server.http, { players: 2 });
    await expect.poll(() => added(before, stored()).length).toBe(1);
  });

  it('250 unknown ids answer not-found on every route, and no stored match is added', async () => {
    // 250, not the 1,000 of before: each id wakes its own object on every route, so more ids only
    // repeat the same path (the count of files below shows each was woken) and cost 30 s of the suite.
    const ids = Array.from({ length: 250 }, unknownId);
    const filesBefore = matchFiles().length;
    const before = stored();
    for (let i = 0; i < ids.length; i += 20) {
      await Promise.all(ids.slice(i, i + 20).map(async (id) => {
        for (const r of [
          await call(server.http, 'GET', `/api/matches/${id}`),
          await call(server.http, 'POST', `/api/matches/${id}/join`, { name: 'Ann' }),
          await call(server.http, 'POST', `/api/matches/${id}/rematch`, { token: 'a-token-of-no-seat' }),
          await call(server.http, 'GET', `/api/matches/${id}/replay`),
        ]) expect(r).toEqual({ status: 404, json: { error: { code: 'not-found', message: expect.any(String) } } });
        expect(await call(server.http, 'GET', `/api/matches/${id}/lookup`)).toEqual({ status: 200, json: { found: false } });
        // Upgraded, so a browser can read why: one not-found error, then close 4004.
        const ws = await upgradeAnswer(id);
        expect(ws).toMatchObject({ status: 101, close: 4004 });
        expect(ws.messages.map((m) => JSON.parse(m))).toEqual([{ type: 'error', code: 'not-found', message: 'No such match.' }]);
      }));
    }
    // They were woken (workerd made their files), and hold nothing.
    expect(matchFiles().length).toBeGreaterThanOrEqual(filesBefore + ids.length);
    expect(added(before, stored())).toEqual([]);
  });
});
