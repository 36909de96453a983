// Move round trip over local `wrangler dev`: a seat sends an action and gets
// its updated view back (checked, applied, persisted in SQLite, then sent),
// beside a bare echo Durable Object in the same worker (worker/echo.ts), in
// the same run, in alternating rounds so the machine's noise falls on both.
// Targets: p50 at most 1.25× the echo's, p99 at most 2×.
// The state lives on tmpfs unless --disk: this VM's disk flush costs ~4 ms per
// commit (the output gate holds the reply until the write is durable), which
// would measure the disk, not the server; --disk shows it.
//   node scripts/run.mjs bench/latency.ts [--samples 1000] [--full] [--disk]
//   (--full: the client takes whole views instead of patches)
import { parseArgs } from 'node:util';
import { memoryState, removeState, startServer, tempState } from '../test/integration/server';
import { closeAll, oneMove, peopleMatch, type Seats } from './lib/match';
import { BenchSocket } from './lib/socket';
import { ms, pct, verdict } from './lib/stats';

const { values } = parseArgs({ options: {
  samples: { type: 'string', default: '1000' }, full: { type: 'boolean', default: false }, disk: { type: 'boolean', default: false },
} });
const SAMPLES = Number(values.samples);
const ROUNDS = 10;

const server = await startServer(values.disk ? tempState() : memoryState());
try {
  const echo = await BenchSocket.open(`${server.ws}/api/bench/echo/ws?name=latency`);
  // About the size of an action message.
  const payload = JSON.stringify({ type: 'play', card: '2:dire-bear', location: 'haunted-bridge-a', version: 17 });
  const echoOnce = async () => {
    const back = echo.next();
    const t0 = performance.now();
    echo.send(payload);
    await back;
    return performance.now() - t0;
  };
  const persistOnce = async () => {
    const back = echo.next();
    const t0 = performance.now();
    echo.send(`p:${payload}`);
    await back;
    return performance.now() - t0;
  };
  let match: Seats = await peopleMatch(server.http, server.ws, 2, values.full);
  const moveOnce = async (): Promise<number> => {
    for (;;) {
      const r = await oneMove(match);
      if (r) return r.ms;
      closeAll(match);
      match = await peopleMatch(server.http, server.ws, 2, values.full);
    }
  };
  for (let i = 0; i < 100; i++) { await echoOnce(); await persistOnce(); await moveOnce(); } // warm up
  const echoMs: number[] = [];
  const persistMs: number[] = [];
  const moveMs: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (let i = 0; i < SAMPLES / ROUNDS; i++) echoMs.push(await echoOnce());
    for (let i = 0; i < SAMPLES / ROUNDS; i++) persistMs.push(await persistOnce());
    for (let i = 0; i < SAMPLES / ROUNDS; i++) moveMs.push(await moveOnce());
  }
  closeAll(match);
  echo.close();
  console.log(`move round trip, ${SAMPLES} samples each, ${values.full ? 'whole views' : 'patches'}, state on ${values.disk ? 'disk' : 'tmpfs'}, node ${process.version}`);
  console.log(`  echo (bare Durable Object): p50 ${ms(pct(echoMs, 50))}, p99 ${ms(pct(echoMs, 99))}`);
  console.log(`  echo writing each message to SQLite first (the floor of persist-before-acknowledge): p50 ${ms(pct(persistMs, 50))}, p99 ${ms(pct(persistMs, 99))}`);
  console.log(`  move (check, apply, persist, send): p50 ${ms(pct(moveMs, 50))}, p99 ${ms(pct(moveMs, 99))}`);
  const ok = [verdict('p50', pct(moveMs, 50), pct(echoMs, 50), 1.25), verdict('p99', pct(moveMs, 99), pct(echoMs, 99), 2)];
  if (!ok.every(Boolean)) process.exitCode = 1;
} finally {
  await server.stop();
  removeState(server.persist);
}
