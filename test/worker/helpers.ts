// Shared helpers of the workerd tests: HTTP calls through the worker's own
// fetch, real WebSockets through the upgrade route, a peek into storage.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { vi } from 'vitest';
import { env, exports } from 'cloudflare:workers';
import type { GameState } from '../../shared/engine';
import type { Joined, MatchCreated } from '../../shared/protocol';
import type { Match } from '../../worker/match/match';
import type { Room } from '../../worker/match/room';
import { MatchStore } from '../../worker/match/storage';
import { type Due } from '../../worker/shared/config';
import { autoplay, Sock } from '../../harness/socket';

// The one socket client (harness/socket.ts), over the sockets of `fetch` upgrades.
export { Sock };

export const BASE = 'http://darkmoor.test';

let clients = 0;

/**
 * A call as some client: `ip` is its CF-Connecting-IP. Without one, each call
 * comes from a new address, so the tests never meet the match-creation limit
 * except where they mean to (limits.test.ts).
 */
export async function call(method: string, path: string, body?: unknown, ip = `test-client-${++clients}`): Promise<{ status: number; json: any; headers: Headers }> {
  const headers: Record<string, string> = { 'CF-Connecting-IP': ip };
  const init: RequestInit = { method, headers };
  if (body !== undefined) {
    // The JSON routes take only bodies that say they are JSON (others: 415).
    headers['Content-Type'] = 'application/json';
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
  }
  const res = await exports.default.fetch(`${BASE}${path}`, init);
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null, headers: res.headers };
}

export async function createMatch(body: Record<string, unknown>): Promise<string> {
  const r = await call('POST', '/api/matches', body);
  if (r.status !== 201) throw new Error(`create failed: ${JSON.stringify(r.json)}`);
  return (r.json as MatchCreated).id;
}

export async function join(id: string, name: string, seat?: number): Promise<Joined> {
  const r = await call('POST', `/api/matches/${id}/join`, seat === undefined ? { name } : { name, seat });
  if (r.status !== 200) throw new Error(`join failed: ${JSON.stringify(r.json)}`);
  return r.json;
}

export interface ConnectOptions {
  patch?: boolean;
  emotes?: boolean;
  /** The socket's CF-Connecting-IP; by default a new address per socket, as for `call`, so only
   * the per-address limits' own tests meet them. */
  ip?: string;
  /** More query parameters (a spectator's `name`, `watchers`). */
  query?: Record<string, string>;
  /** More request headers (a client's own attempt at one the route sets). */
  headers?: Record<string, string>;
}

/** The upgrade request's answer, whatever it is (a refusal before the upgrade is a plain response). */
export function upgrade(id: string, token?: string, opts: ConnectOptions = {}): Promise<Response> {
  const params = new URLSearchParams();
  if (token !== undefined) params.set('token', token);
  if (opts.patch) params.set('patch', '1');
  if (opts.emotes) params.set('emotes', '1');
  for (const [k, v] of Object.entries(opts.query ?? {})) params.set(k, v);
  const q = params.toString() ? `?${params}` : '';
  const ip = opts.ip ?? `test-socket-${++clients}`;
  return exports.default.fetch(`${BASE}/api/matches/${id}/ws${q}`, { headers: { ...opts.headers, Upgrade: 'websocket', 'CF-Connecting-IP': ip } });
}

/**
 * The socket of a match id that names no match: upgraded (so a browser can read why), then one
 * `not-found` error and close 4004. Resolves with what came, for the caller to check.
 */
export async function noSuchMatch(res: Response): Promise<{ status: number; messages: unknown[]; close: { code: number; reason: string } }> {
  const ws = res.webSocket;
  if (res.status !== 101 || !ws) return { status: res.status, messages: [await res.text()], close: { code: 0, reason: '' } };
  const messages: unknown[] = [];
  const close = new Promise<{ code: number; reason: string }>((done) => ws.addEventListener('close', (e) => done({ code: e.code, reason: e.reason })));
  ws.addEventListener('message', (e) => { messages.push(JSON.parse(String(e.data))); });
  ws.accept();
  return { status: res.status, messages, close: await close };
}

export async function connect(id: string, token?: string, opts: ConnectOptions = {}): Promise<Sock> {
  const res = await upgrade(id, token, opts);
  if (res.status !== 101 || !res.webSocket) throw new Error(`upgrade failed: ${res.status} ${await res.text()}`);
  const ws = res.webSocket;
  const sock = new Sock(ws);
  ws.accept();
  return sock;
}

export const stub = (id: string) => env.MATCH.getByName(id);

/** The match object's state (match/room.ts), for the tests that read or edit it from inside. */
export const roomOf = (m: unknown): Room => (m as { room: Room }).room;

/** The engine state as stored (the test's window on what players may not see). */
export function storedState(id: string): Promise<GameState | null> {
  // What a fresh instance would load: the snapshot plus the logged actions after it.
  return runInDurableObject(stub(id), (_o, state) => new MatchStore(state.storage.sql, state.storage).loadState());
}

export function actionCount(id: string): Promise<number> {
  return runInDurableObject(stub(id), (_o, state) =>
    state.storage.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM actions').one().n);
}

/** Make the stored alarm job due now (tests cannot wait out a bot delay or a clock). */
export function makeDueNow(id: string): Promise<void> {
  return runInDurableObject(stub(id), (instance, state) => {
    state.storage.sql.exec(`UPDATE meta SET value = json_set(value, '$.at', 0) WHERE key = 'due'`);
    // The object caches meta in memory; this edit went around it.
    roomOf(instance).forget();
  });
}

/** Run the match's alarm handler once, whether or not an alarm is armed (a delivery repeated, or early). */
export const alarmOnce = (id: string): Promise<void> => runInDurableObject(stub(id), (m: Match) => m.alarm());

/** Make a stored bot job due now: a public match's bots keep the documented pace, which a test cannot wait out. */
export const hurryBot = (id: string): Promise<void> => runInDurableObject(stub(id), (instance, state) => {
  state.storage.sql.exec(`UPDATE meta SET value = json_set(value, '$.at', 0) WHERE key = 'due' AND json_extract(value, '$.kind') = 'bot'`);
  roomOf(instance).forget();
});

/** Keep making bot jobs due and running them until the returned stop is called (bots at a public match's pace, hurried). */
export function hurryBots(id: string): () => void {
  let on = true;
  void (async () => {
    while (on) {
      await hurryBot(id).then(() => runDurableObjectAlarm(stub(id))).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return () => { on = false; };
}

/** Whether the match's bots move only while someone watches (bots alone, the house match). */
const watchedOnly = (id: string): Promise<boolean> => runInDurableObject(stub(id), (_o, state) =>
  state.storage.sql.exec<{ value: string }>(`SELECT value FROM meta WHERE key = 'config'`).toArray()
    .some((r) => (JSON.parse(r.value) as { watched?: boolean }).watched === true));

/**
 * Run alarms until the match is over, bots' jobs made due at once (real alarms may fire too: both
 * are fine). A match of bots alone plays only while watched: a spectator watches it meanwhile.
 */
export async function driveToEnd(id: string): Promise<GameState> {
  const watcher = (await watchedOnly(id)) ? await connect(id) : null;
  try {
    return await vi.waitFor(async () => {
      const g = await storedState(id);
      if (g?.over) return g;
      await hurryBot(id);
      await runDurableObjectAlarm(stub(id));
      throw new Error('the match did not end');
    }, { timeout: 25_000, interval: 5 });
  } finally {
    watcher?.close();
  }
}

/** Wait until `check` passes: vi.waitFor with room for a busy machine (its own default gives up after 1 s). */
export const eventually = <T>(check: () => T | Promise<T>): Promise<T> => vi.waitFor(check, { timeout: 10_000 });

/** The alarm's stored job, or null. */
export const dueJob = (id: string): Promise<Due | null> => runInDurableObject(stub(id), (_o, state) => {
  const row = state.storage.sql.exec<{ value: string }>(`SELECT value FROM meta WHERE key = 'due'`).toArray()[0];
  return row ? (JSON.parse(row.value) as Due) : null;
});

/** The stored action log, in order. */
export const storedActions = (id: string): Promise<{ seat: number; standIn?: boolean }[]> => runInDurableObject(stub(id), (_o, state) =>
  state.storage.sql.exec<{ json: string }>('SELECT json FROM actions ORDER BY version').toArray()
    .map((r) => JSON.parse(r.json) as { seat: number; standIn?: boolean }));

/** The socket's seat answers each of its decisions with the first option; bots play on the alarm, until the end. */
export async function playOut(id: string, sock: Sock): Promise<GameState> {
  autoplay(sock, () => 0);
  return driveToEnd(id);
}

/**
 * Tokens a bucket of `perMinute` has refilled since `start`: on a busy machine sending a limit's
 * worth of requests can take longer than one refill, and what refilled may rightly be spent too.
 */
export const refilledSince = (start: number, perMinute: number): number => Math.floor(((Date.now() - start) * perMinute) / 60_000);
