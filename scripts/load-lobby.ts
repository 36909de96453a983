// npm run load:lobby: the lobby under a crowd, against one local worker (Miniflare, loopback only;
// bounded in count and time). Readers poll the public list (GET /api/matches) while people ask
// for quick matches (2, 3 and 4 seats, arriving over a window and a half; every fourth waits on
// the socket, the rest on a held POST). Then every person must hold exactly one seat: one answer
// each, no (match, seat) given twice, each formed match's people exactly those who were told it,
// and a retried POST (the same ticket) gets the same seat again. Prints requests/s, latencies,
// matches formed and the queue's storage per person; exits non-zero on any error or double seat.
//   npm run load:lobby -- [--people 300] [--readers 40] [--reads 25] [--window 2000] [--cap 40] [--timeout 120]
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { call } from '../harness/node';
import { removeState, startServer } from '../harness/server';
import type { MatchSummary, QueueMessage, QuickSeated } from '../shared/protocol';
import { exitOnProblems } from './lib/problems';

const { values } = parseArgs({
  options: {
    people: { type: 'string', default: '300' }, readers: { type: 'string', default: '40' }, reads: { type: 'string', default: '25' },
    window: { type: 'string', default: '2000' }, cap: { type: 'string', default: '40' }, timeout: { type: 'string', default: '120' },
  },
});
const bound = (x: string | undefined, max: number) => Math.min(max, Math.max(1, Number(x)));
const PEOPLE = bound(values.people, 3000);
const READERS = bound(values.readers, 500);
const READS = bound(values.reads, 200);
const WINDOW = bound(values.window, 10_000);
const CAP = bound(values.cap, 10_000);
const DEADLINE = Date.now() + bound(values.timeout, 600) * 1000;

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * xs.length) - 1)] ?? NaN;
const ms = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms`;
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
const ticket = () => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url');

/** Bytes and count of the Queue objects' SQLite files (with their WAL) under the state directory. */
function queueBytes(dir: string): { bytes: number; objects: number } {
  let bytes = 0;
  let objects = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const p = join(e.parentPath, e.name);
    if (!e.isFile() || !p.includes('Queue') || !e.name.includes('.sqlite')) continue;
    bytes += statSync(p).size;
    if (e.name.endsWith('.sqlite')) objects++;
  }
  return { bytes, objects };
}

const server = await startServer(undefined, { QUICK_WINDOW_MS: String(WINDOW), QUICK_SHARD_CAP: String(CAP) });
const problems: string[] = [];
const reads: number[] = [];
const quick: number[] = [];
interface Person { name: string; players: number; ticket: string; socket: boolean; ip: string; seat?: QuickSeated }
// Each person at an address of their own: a quick table seats one address once.
const people: Person[] = Array.from({ length: PEOPLE }, (_, i) => ({
  name: `Load ${i}`, players: 2 + (i % 3), ticket: ticket(), socket: i % 4 === 3, ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
}));
let requests = 0;
let restarts = 0;
const t0 = Date.now();

async function ask(p: Person): Promise<QuickSeated> {
  if (!p.socket) {
    let r = await call(server.http, 'POST', '/api/quick', { name: p.name, players: p.players, ticket: p.ticket }, p.ip);
    // The object restarted under the held request (a local server under load does): ask again with the ticket, as clients should.
    for (let i = 0; i < 3 && r.status >= 500; i++) {
      restarts++;
      r = await call(server.http, 'POST', '/api/quick', { name: p.name, players: p.players, ticket: p.ticket }, p.ip);
    }
    if (r.status !== 200) throw new Error(`POST /api/quick ${r.status} ${JSON.stringify(r.json)}`);
    return r.json as QuickSeated;
  }
  const q = new URLSearchParams({ name: p.name, players: String(p.players), ticket: p.ticket });
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${server.ws}/api/quick/ws?${q}`, { headers: { 'CF-Connecting-IP': p.ip } });
    let seat: QuickSeated | null = null;
    ws.on('message', (d) => {
      const m = JSON.parse(String(d)) as QueueMessage;
      if (m.type === 'seated') seat = { id: m.id, url: m.url, seat: m.seat, token: m.token };
    });
    ws.on('close', () => (seat ? resolve(seat) : reject(new Error('the queue socket closed without a seat'))));
    ws.on('error', (e) => reject(e));
    const late = setTimeout(() => { ws.terminate(); reject(new Error('no seat before the deadline')); }, Math.max(1, DEADLINE - Date.now()));
    ws.on('close', () => clearTimeout(late));
    ws.on('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
}

try {
  const readers = Array.from({ length: READERS }, async () => {
    for (let i = 0; i < READS && Date.now() < DEADLINE; i++) {
      const s = performance.now();
      const r = await call(server.http, 'GET', '/api/matches').catch((e: Error) => ({ status: e.message, json: null }));
      reads.push(performance.now() - s);
      requests++;
      if (r.status !== 200) problems.push(`GET /api/matches ${r.status}`);
    }
  });
  const askers = people.map(async (p) => {
    await sleep(Math.random() * WINDOW * 1.5);
    const s = performance.now();
    try {
      p.seat = await ask(p);
      quick.push(performance.now() - s);
    } catch (e) {
      problems.push(`${p.name}: ${(e as Error).message}`);
    }
    requests++;
  });
  await Promise.all([...readers, ...askers]);
  const secs = (Date.now() - t0) / 1000;

  // Exactly once: every (match, seat) once, and each match's people are those told of it.
  const byMatch = new Map<string, Person[]>();
  for (const p of people) if (p.seat) byMatch.set(p.seat.id, [...(byMatch.get(p.seat.id) ?? []), p]);
  const pairs = new Set(people.filter((p) => p.seat).map((p) => `${p.seat!.id}/${p.seat!.seat}`));
  if (pairs.size !== people.filter((p) => p.seat).length) problems.push('a seat was given to two people');
  let humans = 0;
  for (const [id, ps] of byMatch) {
    const s = (await call(server.http, 'GET', `/api/matches/${id}`)).json as MatchSummary;
    if (!s?.seats) { problems.push(`${id}: no summary`); continue; }
    const seated = s.seats.filter((x) => x.kind === 'human');
    humans += seated.length;
    if (seated.length !== ps.length) problems.push(`${id}: ${seated.length} people seated, ${ps.length} told`);
    if (new Set(ps.map((p) => p.players)).size !== 1 || s.players !== ps[0]!.players) problems.push(`${id}: a table of another size`);
    for (const p of ps) if (s.seats[p.seat!.seat]?.name !== p.name) problems.push(`${id}: seat ${p.seat!.seat} is not ${p.name}'s`);
  }
  // A retried POST finds its seat again, and nobody new is seated.
  const retried = await Promise.all(people.filter((p) => p.seat && !p.socket).map(async (p) => {
    const r = await call(server.http, 'POST', '/api/quick', { name: p.name, players: p.players, ticket: p.ticket }, p.ip).catch(() => null);
    return r?.status === 200 && JSON.stringify(r.json) === JSON.stringify(p.seat);
  }));
  if (retried.some((ok) => !ok)) problems.push(`${retried.filter((ok) => !ok).length} retried POSTs got another answer`);
  const { bytes, objects } = queueBytes(server.persist);

  const sizes = [2, 3, 4].map((n) => `${n}: ${[...byMatch.values()].filter((ps) => ps[0]!.players === n).length}`).join(', ');
  console.log(`load:lobby: ${PEOPLE} people asking for quick matches (window ${WINDOW} ms, shard cap ${CAP}) and ${READERS} readers × ${READS} list reads, at once, on one local server`);
  console.log(`  ${requests} requests in ${secs.toFixed(1)} s: ${(requests / secs).toFixed(0)} requests/s`);
  console.log(`  GET /api/matches: ${ms(reads)} (${reads.length} reads)`);
  console.log(`  quick match, ask to seat (includes the wait for the window): ${ms(quick)} (${quick.length} seated)`);
  console.log(`  matches formed: ${byMatch.size} (${sizes}); ${humans} person seats for ${PEOPLE} people`);
  console.log(`  held POSTs cut off by a restart and asked again with their ticket: ${restarts}`);
  console.log(`  every person seated exactly once: ${problems.length || humans !== PEOPLE ? 'NO' : 'yes'}`);
  console.log(`  queue storage: ${(bytes / 1024).toFixed(0)} KiB of SQLite (WAL included) in ${objects} shard objects for ${PEOPLE} entries, all kept (10 min)`);
  if (humans !== PEOPLE) problems.push(`${humans} person seats for ${PEOPLE} people`);
} finally {
  await server.stop();
  removeState(server.persist);
}
exitOnProblems(problems);
