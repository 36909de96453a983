// Where a move's time goes inside the match object: V8's CPU profile of the worker (taken over
// the Chrome DevTools Protocol from the local server's inspector) while two seats play moves, every
// sample put in the stage of the code it was in: parse and validate, engine apply, views per
// viewer, diffs, serialisation, storage, send, alarms, the rest of the match's code, and the
// runtime around it (workerd, wrangler's wrappers: no source of ours on the stack), garbage
// collection. The profile is over moves sent back to back: paced as bench/latency.ts paces them
// (2 ms idle before each), workerd's sampler records almost no samples. Beside it, workerd's own
// CPU time (from /proc) per move and per message of the bare echo object, paced and back to back.
// With `--spectators N` the matches have 4 seats and N spectators (the fan-out of bench/fanout.ts)
// and only the profile is taken: the CPU figures compare 2-seat moves with the echo.
//   node scripts/run.mjs bench/profile.ts [--moves 1000] [--gap 2] [--port N] [--spectators 200]
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { INSPECTOR_PATH, portOr, memoryState, removeState, startServer } from '../harness/server';
import { Cdp, type CpuProfile } from '../harness/cdp';
import { closeAll, oneMove, peopleMatch, type Seats } from './lib/match';
import { cpuNs, workerdsBelow } from './lib/workerd';
import { countingSocket, versionOf, type BenchSocket } from './lib/socket';

const { values } = parseArgs({ options: {
  moves: { type: 'string', default: '1000' }, gap: { type: 'string', default: '2' }, port: { type: 'string', default: '0' },
  spectators: { type: 'string', default: '0' },
} });
const SPECTATORS = Number(values.spectators);
const SEATS = SPECTATORS ? 4 : 2;
const MOVES = Number(values.moves);
const GAP_MS = Number(values.gap);
const PORT = await portOr(values.port);

const STAGES = ['parse and validate', 'engine apply', 'views per viewer', 'diffs', 'serialisation', 'storage', 'send', 'alarms',
  'other match code', 'runtime', 'garbage collection'] as const;
type Stage = (typeof STAGES)[number];

/** The stage of a source module of ours (or valibot's), or null for anyone else's. */
function moduleStage(mod: string, fn: string): Stage | null {
  if (mod.includes('node_modules/valibot')) return 'parse and validate';
  const m = /(?:^|\/)((?:worker|shared)\/.*)$/.exec(mod);
  if (!m || mod.includes('node_modules')) return null;
  const p = m[1]!;
  if (/^worker\/match\/sockets\/(input|ratelimit|bucket|inbound)\.ts$|^shared\/protocol\/schemas\.ts$/.test(p)) return 'parse and validate';
  if (/^shared\/engine\/view\.ts$|^shared\/protocol\/view\.ts$|^worker\/match\/views\.ts$/.test(p)) return 'views per viewer';
  if (/^shared\/protocol\/(diff|patch)\.ts$/.test(p)) return 'diffs';
  if (p.startsWith('shared/engine/') || p === 'worker/match/table/actions.ts') return 'engine apply';
  if (p === 'worker/match/storage.ts') return 'storage';
  if (/^worker\/match\/sockets\/(deliver|sent)\.ts$|^worker\/shared\/sockets\.ts$/.test(p)) return /^(patchText|stateText|jsonOf)$/.test(fn) ? 'serialisation' : 'send';
  if (/^worker\/match\/(jobs|table\/clock)\.ts$/.test(p) || (p === 'worker/match/room.ts' && /^(schedule|armWaiting|expiresAt)$/.test(fn))) return 'alarms';
  return 'other match code';
}

type Frame = CpuProfile['nodes'][number]['callFrame'];

/** A sample's stage from its stack (leaf first): the nearest code of ours decides, refined by a native leaf. */
function stageOf(stack: Frame[], inBundle: (url: string) => boolean, moduleAt: (line: number) => string): Stage | 'idle' {
  const leaf = stack[0]!;
  if (leaf.functionName === '(idle)') return 'idle';
  if (leaf.functionName === '(garbage collector)') return 'garbage collection';
  if (leaf.functionName === '(program)' || leaf.functionName === '(root)') return 'runtime';
  let ours: Stage | null = null;
  for (const f of stack) {
    if (!inBundle(f.url)) continue;
    ours = moduleStage(moduleAt(f.lineNumber), f.functionName);
    if (ours) break;
  }
  if (leaf.url === '') {
    const n = leaf.functionName;
    if (/^(exec|transactionSync|sql|databaseSize|one|toArray|raw)$/.test(n)) return 'storage';
    if (/^(setAlarm|getAlarm|deleteAlarm)$/.test(n)) return 'alarms';
    if (n === 'send') return 'send';
    if (n === 'stringify') return ours === 'engine apply' || ours === 'storage' ? ours : 'serialisation';
  }
  return ours ?? 'runtime';
}

/** Nanoseconds on a CPU of every workerd thread below this one. */
const workerdNs = (): number => cpuNs(workerdsBelow());

/** `n` moves on matches of SEATS seats and SPECTATORS spectators (a new match when one ends, outside `during`), each after `gap` ms. */
async function play(http: string, ws: string, n: number, gap: number, during: { start(): Promise<void>; stop(): Promise<void> }): Promise<void> {
  const open = async () => {
    const m = await peopleMatch(http, ws, SEATS);
    const watching: BenchSocket[] = [];
    for (let i = 0; i < SPECTATORS; i++) watching.push(await countingSocket(`${ws}/api/matches/${m.id}/ws?patch=1`));
    return { m, watching };
  };
  const close = ({ m, watching }: { m: Seats; watching: BenchSocket[] }) => { closeAll(m); watching.forEach((s) => s.close()); };
  // A move ends when its seat has its answer and every spectator the new version.
  const move = ({ m, watching }: { m: Seats; watching: BenchSocket[] }) =>
    oneMove(m, watching.length ? (v) => Promise.all(watching.map((s) => s.next((t) => versionOf(t) === v))) : undefined);
  let match = await open();
  for (let i = 0; i < 20; i++) if (!(await move(match))) break; // the code warm, not this match
  let moved = 0;
  while (moved < n) {
    if (match.m.seats[0]!.view!.over) {
      close(match);
      match = await open();
    }
    await during.start();
    while (moved < n) {
      if (gap) await sleep(gap);
      if (!(await move(match))) break;
      moved++;
    }
    await during.stop();
  }
  close(match);
}

/** workerd's CPU per move and per echo message, in µs, each after `gap` ms. */
async function cpu(http: string, ws: string, n: number, gap: number): Promise<{ move: number; echo: number }> {
  let ns = 0;
  let t0 = 0;
  await play(http, ws, n, gap, { start: async () => { t0 = workerdNs(); }, stop: async () => { ns += workerdNs() - t0; } });
  const echo = await countingSocket(`${ws}/api/bench/echo/ws?name=profile`);
  const action = JSON.stringify({ type: 'play', card: '2:dire-bear', location: 'haunted-bridge-a', version: 17 });
  const once = async () => { const back = echo.next(); echo.send(action); await back; };
  for (let i = 0; i < 20; i++) await once();
  const e0 = workerdNs();
  for (let i = 0; i < n; i++) {
    if (gap) await sleep(gap);
    await once();
  }
  const echoNs = workerdNs() - e0;
  echo.close();
  return { move: ns / 1000 / n, echo: echoNs / 1000 / n };
}

const server = await startServer(memoryState(), {}, undefined, PORT);
const cdp = await Cdp.open(`ws://127.0.0.1:${PORT}${INSPECTOR_PATH}`);
try {
  const paced = SPECTATORS ? null : await cpu(server.http, server.ws, MOVES, GAP_MS);
  const backToBack = SPECTATORS ? null : await cpu(server.http, server.ws, MOVES, 0);

  // The profile, over moves sent back to back: paced, workerd's sampler records almost nothing.
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  const profiles: CpuProfile[] = [];
  await play(server.http, server.ws, MOVES, 0, {
    start: () => cdp.send('Profiler.start'),
    stop: async () => { profiles.push((await cdp.send<{ profile: CpuProfile }>('Profiler.stop')).profile); },
  });
  // With spectators, the echo's broadcast to as many sockets, profiled the same way: its isolate time beside ours.
  let echoUs: number | null = null;
  if (SPECTATORS) {
    const sockets: BenchSocket[] = [];
    for (let i = 0; i < SEATS + SPECTATORS; i++) sockets.push(await countingSocket(`${server.ws}/api/bench/echo/ws?name=profile-fanout`));
    const text = 'x'.repeat(480);
    const once = async () => { const all = Promise.all(sockets.map((s) => s.next())); sockets[0]!.send(`b:${text}`); await all; };
    for (let i = 0; i < 20; i++) await once();
    await cdp.send('Profiler.start');
    for (let i = 0; i < MOVES; i++) await once();
    const { profile } = await cdp.send<{ profile: CpuProfile }>('Profiler.stop');
    const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
    echoUs = profile.samples.reduce((t, id, i) => t + (idle.has(id) ? 0 : profile.timeDeltas[i + 1] ?? 0), 0) / MOVES;
    sockets.forEach((s) => s.close());
  }
  await cdp.send('Debugger.enable'); // now: while enabled, V8 runs the code differently
  const { url, moduleAt } = await cdp.modulesOf('darkmoor-worker-');
  // A frame's url is the script's name alone (index.js), scriptParsed's the whole file URL.
  const inBundle = (u: string) => u !== '' && url.endsWith(`/${u}`);
  const count = new Map<Stage | 'idle', number>();
  // Each sample's weight: the time to the next one (V8 samples less often than asked when busy).
  let busyUs = 0;
  const fns = new Map<string, number>();
  for (const prof of profiles) {
    const byId = new Map(prof.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    for (const [i, id] of prof.samples.entries()) {
      const stack: Frame[] = [];
      for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) stack.push(byId.get(n)!.callFrame);
      const st = stageOf(stack, inBundle, moduleAt);
      count.set(st, (count.get(st) ?? 0) + 1);
      if (st !== 'idle') busyUs += prof.timeDeltas[i + 1] ?? 0;
      const leaf = stack[0]!;
      const key = `${st}: ${leaf.functionName || '(anonymous)'}${inBundle(leaf.url) ? ` (${moduleAt(leaf.lineNumber).replace(/^.*?((?:worker|shared|valibot)\/)/, '$1')})` : ''}`;
      fns.set(key, (fns.get(key) ?? 0) + 1);
    }
  }
  const busy = STAGES.reduce((s, st) => s + (count.get(st) ?? 0), 0);
  console.log(`${MOVES} moves of ${SEATS}-seat matches${SPECTATORS ? ` with ${SPECTATORS} spectators` : ''} for each figure, state on tmpfs, node ${process.version}`);
  for (const [label, c] of [[`${GAP_MS} ms idle before each`, paced], ['back to back', backToBack]] as const) {
    if (c) console.log(`  workerd's CPU (every thread, /proc schedstat), ${label}: ${c.move.toFixed(0)} µs per move, ${c.echo.toFixed(0)} µs per echo message (${(c.move / c.echo).toFixed(2)}×)`);
  }
  console.log(`  V8 samples in the worker's isolate, moves back to back: ${busy} busy (${(busy / MOVES).toFixed(2)} per move, ${(busyUs / MOVES).toFixed(0)} µs of the isolate's time per move), ${count.get('idle') ?? 0} idle`);
  if (echoUs !== null) console.log(`  the echo's broadcast of 480 B to ${SEATS + SPECTATORS} sockets, back to back: ${echoUs.toFixed(0)} µs of the isolate's time each (the move ${(busyUs / MOVES / echoUs).toFixed(2)}×)`);
  console.log(`  ${'stage'.padEnd(20)}${'samples'.padEnd(9)}share of busy`);
  for (const st of STAGES) {
    const n = count.get(st) ?? 0;
    console.log(`  ${st.padEnd(20)}${String(n).padEnd(9)}${((100 * n) / busy).toFixed(1)} %`);
  }
  console.log('  the leaf functions with the most samples:');
  for (const [k, n] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`    ${String(n).padStart(5)}  ${k}`);
} finally {
  cdp.close();
  await server.stop();
  removeState(server.persist);
}
