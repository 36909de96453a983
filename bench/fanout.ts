// Fan-out: one move seen by 4 players and 200 spectators, timed from the
// send to the last socket's delivery; beside an echo object broadcasting a
// message of the same size to as many sockets, in the same run.
// Target: at most 2× the echo broadcast.
//   node scripts/run.mjs bench/fanout.ts [--spectators 200] [--moves 60] [--full]
import { parseArgs } from 'node:util';
import { memoryState, removeState, startServer } from '../harness/server';
import { closeAll, oneMove, peopleMatch, type Seats } from './lib/match';
import { countingSocket, versionOf, type BenchSocket } from './lib/socket';
import { median, ms, pct, verdict } from './lib/stats';

const { values } = parseArgs({ options: {
  spectators: { type: 'string', default: '200' }, moves: { type: 'string', default: '60' }, full: { type: 'boolean', default: false },
} });
const SPECTATORS = Number(values.spectators);
const MOVES = Number(values.moves);
const PLAYERS = 4;

const server = await startServer(memoryState());
try {
  const watch = async (id: string) => {
    const out: BenchSocket[] = [];
    // Spectators only read the version off each message (as the echo's sockets only compare text): the
    // client's parsing stays out of both figures.
    for (let i = 0; i < SPECTATORS; i++) out.push(await countingSocket(`${server.ws}/api/matches/${id}/ws${values.full ? '' : '?patch=1'}`));
    return out;
  };
  let match: Seats = await peopleMatch(server.http, server.ws, PLAYERS, values.full);
  let spectators = await watch(match.id);
  const moveMs: number[] = [];
  const bytes: number[] = [];
  while (moveMs.length < MOVES) {
    let t0 = 0;
    const r = await oneMove(match, async (version) => {
      t0 = performance.now();
      await Promise.all(spectators.map((s) => s.next((t) => versionOf(t) === version)));
    });
    if (!r) {
      closeAll(match);
      spectators.forEach((s) => s.close());
      match = await peopleMatch(server.http, server.ws, PLAYERS, values.full);
      spectators = await watch(match.id);
      continue;
    }
    // The players' own deliveries finished inside oneMove; the spectators' set the end.
    moveMs.push(performance.now() - t0);
    bytes.push(spectators[0]!.sizes.at(-1)!);
  }
  closeAll(match);
  spectators.forEach((s) => s.close());

  // The baseline: as many sockets on one echo object, one broadcast of the same size.
  const size = median(bytes);
  const echoes: BenchSocket[] = [];
  for (let i = 0; i < PLAYERS + SPECTATORS; i++) echoes.push(await countingSocket(`${server.ws}/api/bench/echo/ws?name=fanout`));
  const echoMs: number[] = [];
  for (let i = 0; i < MOVES + 10; i++) {
    const text = `${i}:`.padEnd(size, 'x');
    const all = Promise.all(echoes.map((s) => s.next((t) => t === text)));
    const t0 = performance.now();
    echoes[0]!.send(`b:${text}`);
    await all;
    if (i >= 10) echoMs.push(performance.now() - t0);
  }
  echoes.forEach((s) => s.close());

  console.log(`fan-out to ${PLAYERS} players + ${SPECTATORS} spectators, ${MOVES} moves, ${values.full ? 'whole views' : 'patches'} (spectator message median ${size} B), node ${process.version}`);
  console.log(`  echo broadcast: p50 ${ms(median(echoMs))}, p99 ${ms(pct(echoMs, 99))}`);
  console.log(`  move to the last delivery: p50 ${ms(median(moveMs))}, p99 ${ms(pct(moveMs, 99))}`);
  if (!verdict('p50', median(moveMs), median(echoMs), 2)) process.exitCode = 1;
} finally {
  await server.stop();
  removeState(server.persist);
}
