// Wake from hibernation: the first reply after an object has been idle long
// enough to be evicted (workerd hibernates an idle object with only
// hibernatable sockets after ~10 s), beside a warm reply, for the bare echo
// object and for a match (whose first action then reloads config, seats,
// state and the last views sent from SQLite). The echo's instance id tells
// that it really was evicted.
//   node scripts/run.mjs bench/wake.ts [--objects 6] [--cycles 2] [--idle 12]
import { parseArgs } from 'node:util';
import { memoryState, removeState, startServer } from '../harness/server';
import { closeAll, oneMove, peopleMatch, type Seats } from './lib/match';
import { countingSocket, type BenchSocket } from './lib/socket';
import { median, ms } from './lib/stats';

const { values } = parseArgs({ options: {
  objects: { type: 'string', default: '6' }, cycles: { type: 'string', default: '2' }, idle: { type: 'string', default: '12' },
} });
const OBJECTS = Number(values.objects);
const CYCLES = Number(values.cycles);
const IDLE_MS = Number(values.idle) * 1000;

const server = await startServer(memoryState());
try {
  const echoes = await Promise.all(Array.from({ length: OBJECTS }, (_, i) => countingSocket(`${server.ws}/api/bench/echo/ws?name=wake-${i}`)));
  const askId = async (s: BenchSocket) => {
    const back = s.next();
    const t0 = performance.now();
    s.send('id');
    const text = await back;
    return { ms: performance.now() - t0, id: text };
  };
  const matches: Seats[] = [];
  for (let i = 0; i < OBJECTS; i++) matches.push(await peopleMatch(server.http, server.ws, 2));
  const move = async (m: Seats) => {
    const r = await oneMove(m);
    if (!r) throw new Error('a match ended during the benchmark');
    return r.ms;
  };
  const warm = { echo: [] as number[], match: [] as number[] };
  const woke = { echo: [] as number[], match: [] as number[] };
  const ids = new Map<BenchSocket, string>();
  for (const s of echoes) for (let i = 0; i < 20; i++) { const r = await askId(s); warm.echo.push(r.ms); ids.set(s, r.id); }
  for (const m of matches) for (let i = 0; i < 10; i++) warm.match.push(await move(m));
  let evicted = 0;
  for (let c = 0; c < CYCLES; c++) {
    await new Promise((r) => setTimeout(r, IDLE_MS));
    for (const s of echoes) {
      const r = await askId(s);
      woke.echo.push(r.ms);
      if (r.id !== ids.get(s)) evicted++;
      ids.set(s, r.id);
    }
    for (const m of matches) woke.match.push(await move(m));
  }
  echoes.forEach((s) => s.close());
  matches.forEach(closeAll);
  console.log(`wake from hibernation after ${IDLE_MS / 1000} s idle: ${OBJECTS} objects × ${CYCLES} cycles, node ${process.version}`);
  console.log(`  echo: warm p50 ${ms(median(warm.echo))}; first reply after idle p50 ${ms(median(woke.echo))}, max ${ms(Math.max(...woke.echo))} (${evicted}/${woke.echo.length} were evicted: new instance)`);
  console.log(`  match move: warm p50 ${ms(median(warm.match))}; first reply after idle p50 ${ms(median(woke.match))}, max ${ms(Math.max(...woke.match))}`);
} finally {
  await server.stop();
  removeState(server.persist);
}
