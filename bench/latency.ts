// Move round trip over a local server (Miniflare): a seat sends an action and gets
// its updated view back (checked, applied, persisted in SQLite, then sent),
// beside a bare echo Durable Object in the same worker (worker/bench/echo.ts), in
// the same run. Targets (issue 39): p50 at most 1.5× the echo's, the move's p99 at most 3× its p50.
// Beside them, apart, the moves that also wrote the state's snapshot (every 16th, storage.ts): the
// suspects for the tail.
//
// Same conditions for every kind of sample: they are taken in turn, one of each
// per step, and each after the same idle gap (--gap, 2 ms by default). A player's
// move reaches a server that has been idle while they thought; measured back to
// back (--gap 0), the echo answered from caches its previous sample had just
// warmed while each move followed the client's reading of the last one, which
// flattered the baseline (docs/PERFORMANCE.md, "Where the time goes").
//
// Two floors beside the echo: an echo that writes each message to SQLite before
// answering (persist before acknowledge), and one that writes and then sends to
// as many sockets as the match has seats (a move is stored, then told to every seat).
// The state lives on tmpfs unless --disk: this VM's disk flush costs ~4 ms per
// commit (the output gate holds the reply until the write is durable), which
// would measure the disk, not the server; --disk shows it.
//   node scripts/run.mjs bench/latency.ts [--samples 1000] [--gap 2] [--full] [--disk]
//   (--full: the client takes whole views instead of patches)
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { memoryState, removeState, startServer, tempState } from '../harness/server';
import { closeAll, oneMove, peopleMatch, type Seats } from './lib/match';
import { countingSocket } from './lib/socket';
import { ms, pct, verdict } from './lib/stats';

const { values } = parseArgs({ options: {
  samples: { type: 'string', default: '1000' }, gap: { type: 'string', default: '2' },
  full: { type: 'boolean', default: false }, disk: { type: 'boolean', default: false },
} });
const SAMPLES = Number(values.samples);
const GAP_MS = Number(values.gap);
const SEATS = 2;
const WARM_UP = 100;
const SNAPSHOT_EVERY = 16; // worker/match/storage.ts

const server = await startServer(values.disk ? tempState() : memoryState());
try {
  const echo = await countingSocket(`${server.ws}/api/bench/echo/ws?name=latency`);
  // The other seats of the persisting floor: they only receive.
  const others = await Promise.all(Array.from({ length: SEATS - 1 }, () => countingSocket(`${server.ws}/api/bench/echo/ws?name=latency`)));
  // About the size of an action message, and of the patch a move sends each seat.
  const action = JSON.stringify({ type: 'play', card: '2:dire-bear', location: 'haunted-bridge-a', version: 17 });
  const patch = 'x'.repeat(480);
  const echoed = (text: string) => async (): Promise<number> => {
    const back = echo.next();
    const t0 = performance.now();
    echo.send(text);
    await back;
    return performance.now() - t0;
  };
  let match: Seats = await peopleMatch(server.http, server.ws, SEATS, values.full);
  // Which samples were snapshot moves (their version a multiple of 16), by sample index.
  const snapshots = new Set<number>();
  let taken = 0;
  const move = async (): Promise<number> => {
    for (;;) {
      const r = await oneMove(match);
      if (r) {
        if (r.version % SNAPSHOT_EVERY === 0) snapshots.add(taken);
        taken++;
        return r.ms;
      }
      closeAll(match);
      match = await peopleMatch(server.http, server.ws, SEATS, values.full);
    }
  };
  const kinds = [
    { name: 'echo (bare Durable Object)', take: echoed(action), ms: [] as number[] },
    { name: 'echo writing each message to SQLite first (the floor of persist-before-acknowledge)', take: echoed(`p:${action}`), ms: [] as number[] },
    { name: `echo writing, then sending ${patch.length} B to ${SEATS} sockets (the floor of a ${SEATS}-seat move)`, take: echoed(`w:${patch}`), ms: [] as number[] },
    { name: 'move (check, apply, persist, send)', take: move, ms: [] as number[] },
  ];
  for (let i = 0; i < WARM_UP + SAMPLES; i++) {
    for (const k of kinds) {
      if (GAP_MS) await sleep(GAP_MS);
      const t = await k.take();
      if (i >= WARM_UP) k.ms.push(t);
    }
    if ((i + 1) % 250 === 0) console.error(`  ${i + 1}/${WARM_UP + SAMPLES} steps`);
  }
  closeAll(match);
  echo.close();
  others.forEach((s) => s.close());
  console.log(`move round trip, ${SAMPLES} samples each, ${values.full ? 'whole views' : 'patches'}, ${GAP_MS} ms idle before each sample, state on ${values.disk ? 'disk' : 'tmpfs'}, node ${process.version}`);
  for (const k of kinds) console.log(`  ${k.name}: p50 ${ms(pct(k.ms, 50))}, p99 ${ms(pct(k.ms, 99))}`);
  const [bare, , floor, moved] = kinds.map((k) => k.ms);
  console.log(`  the ${SEATS}-seat floor alone is ${(pct(floor!, 50) / pct(bare!, 50)).toFixed(2)}× the echo's p50`);
  const all = moved!.map((t, i) => ({ t, snap: snapshots.has(i + WARM_UP) }));
  const [snap, plain] = [all.filter((x) => x.snap).map((x) => x.t), all.filter((x) => !x.snap).map((x) => x.t)];
  console.log(`  moves that wrote the state's snapshot (${snap.length}): p50 ${ms(pct(snap, 50))}, p99 ${ms(pct(snap, 99))}; the others: p50 ${ms(pct(plain, 50))}, p99 ${ms(pct(plain, 99))}`);
  console.log(`  for scale, each kind's own tail: p99 / p50 ${kinds.map((k) => `${(pct(k.ms, 99) / pct(k.ms, 50)).toFixed(1)}×`).join(', ')} (echo, writing echo, floor, move)`);
  const ok = [verdict('move p50 / echo p50', pct(moved!, 50), pct(bare!, 50), 1.5), verdict('move p99 / move p50', pct(moved!, 99), pct(moved!, 50), 3)];
  if (!ok.every(Boolean)) process.exitCode = 1;
} finally {
  await server.stop();
  removeState(server.persist);
}
