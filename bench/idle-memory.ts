// Idle cost: the memory of N idle matches (2 seats of people, both sockets open as the web client
// opens them, the game dealt, then nobody sends anything) beside N bare echo objects
// (worker/bench/echo.ts) holding 2 open sockets each. Target (issue 39): a match within 1.3× the
// echo's. Then the objects idle until workerd evicts them (locally ~10 s after an object's last
// event, its sockets all hibernatable), N more of the same kind are made, and every object of the
// first N is woken: a match's deciding seat moves and must get its new view.
//
// How: workerd's resident set (VmRSS from /proc, and its anonymous / file / shared parts) summed
// over this run's workerd processes, and the worker isolate's V8 heap in use and committed
// (Runtime.getHeapUsage over the inspector). Before each reading the isolate collects garbage; a
// reading is the median of 7, 300 ms apart. With --census, a census of the heap beside them (a
// snapshot, by kind of node): what of the objects themselves is still there once they were evicted;
// a snapshot's own work grows the process, so such a run gives the census, not the RSS. Each kind
// is measured on a server of its own, from the same start (warmed up by one object of its kind, evicted): on one server the kind measured second
// reused what the first had freed (matches after echoes: 0.68 MB a match against 1.0 MB an echo).
// --rounds alternates the order.
//   node scripts/run.mjs bench/idle-memory.ts [--n 150] [--rounds 2] [--idle 40] [--address own|shared] [--kinds echo,match,sql] [--census]
//   (--address own: each match's creator and joiners at an address of their own, as in production,
//   so each match also wakes that address's Quota object; shared: all from 127.0.0.1; sql: an echo that
//   wrote one row to its SQLite, to tell SQLite's share)
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import type { Joined, MatchCreated } from '../shared/protocol';
import { call } from '../harness/node';
import { INSPECTOR_PATH, portOr, memoryState, removeState, startServer } from '../harness/server';
import { Cdp } from '../harness/cdp';
import { closeAll, oneMove, type Seats } from './lib/match';
import { workerdsBelow } from './lib/workerd';
import { countingSocket, matchSocket, versionOf, type BenchSocket } from './lib/socket';

const { values } = parseArgs({ options: {
  n: { type: 'string', default: '150' }, rounds: { type: 'string', default: '2' }, idle: { type: 'string', default: '40' },
  address: { type: 'string', default: 'own' }, census: { type: 'boolean', default: false }, port: { type: 'string', default: '0' }, kinds: { type: 'string', default: 'echo,match' },
} });
type Kind = 'echo' | 'match' | 'writing echo';
// 'writing echo': an echo object that has written one row to its SQLite (the "p:" message), to tell SQLite's share.
const KINDS = values.kinds.split(',').map((k) => (k === 'sql' ? 'writing echo' : k) as Kind);
const N = Number(values.n);
const ROUNDS = Number(values.rounds);
const IDLE_S = Number(values.idle);
const OWN = values.address !== 'shared';
const CENSUS = values.census;
const PORT = await portOr(values.port);
const BATCH = 10; // objects made at once: all N well inside workerd's ~10 s eviction window
const MB = 1024 * 1024;

const KEYS = ['rss', 'anon', 'file', 'shmem', 'heap', 'heapTotal'] as const;
type Mem = Record<(typeof KEYS)[number], number>;

/** Resident memory (bytes) of the workerd processes below this one (other sessions' are not ours). */
function workerdRss(): Omit<Mem, 'heap' | 'heapTotal'> {
  const m = { rss: 0, anon: 0, file: 0, shmem: 0 };
  for (const pid of workerdsBelow()) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
      m.rss += kb('VmRSS'); m.anon += kb('RssAnon'); m.file += kb('RssFile'); m.shmem += kb('RssShmem');
    } catch { /* gone */ }
  }
  return m;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const each = (f: (k: (typeof KEYS)[number]) => number): Mem => Object.fromEntries(KEYS.map((k) => [k, f(k)])) as Mem;

/** Enters the isolate, shortly after an inspector command was sent, with a request no object answers (a malformed id's lookup). */
const enter = (http: string) => sleep(100).then(() => call(http, 'GET', '/api/matches/gc/lookup'));

/**
 * A full collection in the worker's isolate, then the median of 7 readings. workerd runs the
 * inspector's collectGarbage (and never answers it) when the isolate is next entered: a request
 * that reaches no object (a malformed id's lookup) enters it.
 */
async function reading(cdp: Cdp, http: string): Promise<Mem> {
  void cdp.send('HeapProfiler.collectGarbage');
  await enter(http);
  await sleep(400);
  const rs: Mem[] = [];
  for (let i = 0; i < 7; i++) {
    const { usedSize, totalSize } = await cdp.send<{ usedSize: number; totalSize: number }>('Runtime.getHeapUsage');
    rs.push({ ...workerdRss(), heap: usedSize, heapTotal: totalSize });
    await sleep(300);
  }
  return each((k) => median(rs.map((r) => r[k])));
}

const per = (a: Mem, b: Mem): Mem => each((k) => (b[k] - a[k]) / N);
const mb = (x: number) => `${(x / MB).toFixed(3)} MB`;
const show = (m: Mem) => `RSS ${mb(m.rss)} (anonymous ${mb(m.anon)}, file ${mb(m.file)}, shared ${mb(m.shmem)}), V8 heap ${mb(m.heap)} in use, ${mb(m.heapTotal)} committed`;

/** A private 2-seat match of people as the web client opens it (patches, emotes, watchers, chat), dealt, every seat online. */
async function idleMatch(http: string, ws: string, i: number): Promise<Seats> {
  const ip = OWN ? `198.18.${(i >> 8) & 255}.${i & 255}` : undefined;
  const r = await call(http, 'POST', '/api/matches', { players: 2 }, ip);
  if (r.status !== 201) throw new Error(`create: ${r.status} ${JSON.stringify(r.json)}`);
  const id = (r.json as MatchCreated).id;
  const seats: BenchSocket[] = [];
  for (let s = 0; s < 2; s++) {
    const j = await call(http, 'POST', `/api/matches/${id}/join`, { name: `P${s}` }, ip);
    if (j.status !== 200) throw new Error(`join: ${j.status} ${JSON.stringify(j.json)}`);
    seats.push(await matchSocket(`${ws}/api/matches/${id}/ws?patch=1&emotes=1&watchers=1&chat=1&token=${encodeURIComponent((j.json as Joined).token)}`));
  }
  await Promise.all(seats.map((s) => s.until((v) => v.status === 'playing' && v.players.every((p) => p.connected))));
  return { id, seats };
}

/** The deciding seat moves; resolves true when its new view came whole where a patch was due (the object had forgotten its last views: evicted). */
async function wakeMatch(m: Seats): Promise<boolean> {
  const v = m.seats[0]!.view!;
  const actor = m.seats[v.pending!.seat]!;
  const ack = actor.next((t) => versionOf(t) === v.version + 1);
  actor.send({ ...actor.view!.pending!.options![0], version: v.version });
  return (await ack).startsWith('{"type":"state"');
}

interface Echo { pair: BenchSocket[]; id: string }

/** An echo object with 2 open sockets, asked once who it is (so it has run, as a match has); `writes`: it wrote a row first. */
async function idleEcho(ws: string, name: string, writes = false): Promise<Echo> {
  const pair = await Promise.all([0, 1].map(() => countingSocket(`${ws}/api/bench/echo/ws?name=${name}`)));
  if (writes) {
    const stored = pair[0]!.next();
    pair[0]!.send('p:row');
    await stored;
  }
  const back = pair[0]!.next();
  pair[0]!.send('id');
  return { pair, id: await back };
}

/** Resolves true when the object answers as a new instance (it was evicted). */
async function wakeEcho(e: Echo): Promise<boolean> {
  const back = e.pair[1]!.next();
  e.pair[1]!.send('id');
  return (await back) !== e.id;
}

/** `make(i)` for i in [from, from + N), BATCH at a time; with the seconds it took. */
async function makeAll<T>(from: number, make: (i: number) => Promise<T>): Promise<{ all: T[]; s: number }> {
  const t0 = performance.now();
  const all: T[] = [];
  for (let i = 0; i < N; i += BATCH) all.push(...await Promise.all(Array.from({ length: Math.min(BATCH, N - i) }, (_, k) => make(from + i + k))));
  return { all, s: (performance.now() - t0) / 1000 };
}

type Census = Awaited<ReturnType<Cdp['heapCensus']>>;
/** What an object is made of in the isolate's heap: a match's Room (its caches), the runtime's state, storage and socket wrappers. */
const HELD = (kind: Kind) => [...(kind === 'match' ? ['object:Room'] : []), 'native:workerd / DurableObjectState', 'native:workerd / SqlStorage', 'synthetic:workerd / WebSocket'];
const heldIn = (kind: Kind, c: Census) => HELD(kind).map((k) => `${c.get(k)?.count ?? 0} ${k.slice(k.indexOf(':') + 1).replace('workerd / ', '')}`).join(', ');
/** Bytes per object the heap grew by from `a` to `b`, outside compiled code (bytecode, machine code and its feedback: the isolate's, shared by every object). */
function grewOutsideCode(a: Census, b: Census): { data: number; code: number } {
  let data = 0;
  let code = 0;
  for (const k of new Set([...a.keys(), ...b.keys()])) {
    const d = (b.get(k)?.size ?? 0) - (a.get(k)?.size ?? 0);
    if (k.startsWith('code:')) code += d;
    else data += d;
  }
  return { data: data / N, code };
}

/**
 * The heap's census after a full collection (a snapshot makes one); `enter` reaches the isolate
 * with a request no object answers.
 */
const census = (cdp: Cdp, http: string): Promise<Census> => cdp.heapCensus(() => enter(http));

interface Run {
  before: Mem; idle: Mem[]; again: Mem; evicted: number; answered: number; makeS: number;
  census?: { live: string; evicted: string; grew: { data: number; code: number }; grewLive: number };
}

/** One kind on a server of its own: N objects, idle, N more after the eviction, the first N woken. */
async function measure(kind: Kind): Promise<Run> {
  const server = await startServer(memoryState(), {}, undefined, PORT);
  const cdp = await Cdp.open(`ws://127.0.0.1:${PORT}${INSPECTOR_PATH}`);
  try {
    const make = (i: number): Promise<Seats | Echo> => (kind === 'match' ? idleMatch(server.http, server.ws, i) : idleEcho(server.ws, `idle-${i}`, kind === 'writing echo'));
    // Warm up: the kind's code loaded and run (a match also through a move), then evicted.
    if (kind === 'match') {
      const w = await idleMatch(server.http, server.ws, 60_000);
      await oneMove(w);
      closeAll(w);
    } else {
      (await idleEcho(server.ws, 'warm', kind === 'writing echo')).pair.forEach((s) => s.close());
    }
    await sleep(15_000);
    // A census is a heap snapshot, whose own work grows the process and is then reused: with
    // --census the RSS figures are not comparable (made apart, the census and the readings).
    const c0 = CENSUS ? await census(cdp, server.http) : undefined;
    const r0 = await reading(cdp, server.http);
    const first = await makeAll(0, make);
    const r1 = await reading(cdp, server.http);
    const c1 = CENSUS ? await census(cdp, server.http) : undefined;
    const idle: Mem[] = [];
    const t0 = performance.now();
    for (let t = 10; t <= IDLE_S; t += 10) {
      await sleep(Math.max(0, t * 1000 - (performance.now() - t0)));
      const r = await reading(cdp, server.http);
      idle.push(per(r0, r));
      console.error(`  ${kind}, ${t} s idle: ${show(idle.at(-1)!)} per object`);
    }
    const c2 = CENSUS ? await census(cdp, server.http) : undefined;
    const r2 = await reading(cdp, server.http);
    const second = await makeAll(N, make);
    const r3 = await reading(cdp, server.http);
    let evicted = 0;
    let answered = 0;
    for (const o of first.all) {
      if ('pair' in o ? await wakeEcho(o) : await wakeMatch(o)) evicted++;
      answered++;
    }
    for (const o of [...first.all, ...second.all]) ('pair' in o ? o.pair : o.seats).forEach((s) => s.close());
    return {
      before: per(r0, r1), idle, again: per(r2, r3), evicted, answered, makeS: first.s,
      ...(c0 && c1 && c2 ? { census: { live: heldIn(kind, c1), evicted: heldIn(kind, c2), grew: grewOutsideCode(c0, c2), grewLive: grewOutsideCode(c0, c1).data } } : {}),
    };
  } finally {
    cdp.close();
    await server.stop();
    removeState(server.persist);
  }
}

const runs = new Map<Kind, Run[]>(KINDS.map((k) => [k, []]));
for (let r = 0; r < ROUNDS; r++) {
  for (const kind of r % 2 ? [...KINDS].reverse() : KINDS) {
    const run = await measure(kind);
    runs.get(kind)!.push(run);
    console.error(`  round ${r + 1}, ${kind}: ${show(run.before)} per object`);
  }
}
const mean = (rs: Mem[]): Mem => each((k) => rs.reduce((s, m) => s + m[k], 0) / rs.length);
const before = (k: Kind) => mean(runs.get(k)!.map((r) => r.before));
const makeS = runs.get('match')?.map((r) => r.makeS);
console.log(`idle memory: ${N} objects of each kind, ${ROUNDS} round${ROUNDS > 1 ? 's' : ''} (each kind on a fresh server, order alternating), made ${BATCH} at a time` +
  `${makeS ? ` (matches in ${median(makeS).toFixed(1)} s)` : ''}, state on tmpfs, ${OWN ? 'each match from an address of its own' : 'all from one address'}, node ${process.version}`);
if (CENSUS) console.log(`  with --census: each heap snapshot's own work grew the process, so this run's RSS figures are not the idle cost`);
console.log(`  measured: workerd's RSS (/proc, summed over the run's workerd processes) and the worker isolate's V8 heap, after a full GC, median of 7 readings; per object, mean of the rounds`);
for (const [k, rs] of runs) console.log(`  ${k}: ${show(before(k))} (rounds' RSS: ${rs.map((r) => mb(r.before.rss)).join(', ')})`);
if (runs.has('echo') && runs.has('match')) {
  const [echo, match] = [before('echo'), before('match')];
  console.log(`  match / echo: RSS ${(match.rss / echo.rss).toFixed(2)}× (target ≤ 1.3×: ${match.rss / echo.rss <= 1.3 ? 'met' : 'NOT met'}); match − echo: RSS ${mb(match.rss - echo.rss)}, V8 heap ${mb(match.heap - echo.heap)}`);
}
for (const [kind, rs] of runs) {
  console.log(`  ${kind} after ${IDLE_S} s idle: ${show(mean(rs.map((r) => r.idle.at(-1)!)))}; ` +
    `${N} more made after the eviction grew it ${show(mean(rs.map((r) => r.again)))} each`);
  const c = rs.at(-1)!.census;
  if (c) {
    console.log(`  ${kind} in the isolate's heap (last round): live ${c.live}; after the idle ${c.evicted}; ` +
      `the heap outside compiled code grew ${c.grewLive.toFixed(0)} B an object while live, ${c.grew.data.toFixed(0)} B after the idle; compiled code ${(c.grew.code / 1024).toFixed(0)} KB in all`);
  }
  console.log(`  ${kind} woken: ${rs.reduce((s, r) => s + r.answered, 0)}/${N * rs.length} answered${kind === 'match' ? ' a move with the new view' : ''}, ` +
    `${rs.reduce((s, r) => s + r.evicted, 0)} of them ${kind === 'match' ? 'whole where a patch was due (evicted: the last views forgotten)' : 'as a new instance (evicted)'}`);
}
