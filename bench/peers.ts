// Ours beside two peers, in one run: boardgame.io 0.50.2 and Colyseus 0.18.17, installed at
// pinned versions into the ignored bench/.peers/ (bench/peers/install.ts; the project never
// depends on them), each playing a two-seat counter game with a secret per seat that the other
// seat never receives, each server in a process of its own as ours is (workerd). Two figures:
//   move round trip: a seat sends a move and times until its own updated state arrives;
//   fan-out: one move, timed until the last of 2 seats + 200 spectators has it.
// Ours is a real match of the game (checked, applied, persisted in SQLite before anything is
// sent, a patch per seat; bench/lib, as bench/latency.ts and bench/fanout.ts), beside the bare
// echo Durable Object of the same worker. Every kind of sample is taken in turn, one of each per
// step, after the same idle gap (as bench/latency.ts). The goals (issue #39): ours at or below
// boardgame.io's on both, and within 1.5× Colyseus's move. Beside the move, the floor of a stored
// two-seat move (an echo that writes, then sends to both seats): what no code of ours can beat.
//   node scripts/run.mjs bench/peers.ts [--samples 1000] [--moves 100] [--spectators 200] [--gap 2]
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { memoryState, removeState, startServer } from '../harness/server';
import { boardgameioMatch, serveBoardgameio } from './peers/boardgameio';
import { colyseusMatch, serveColyseus } from './peers/colyseus';
import { serveInChild, type Contender } from './peers/common';
import { ensurePeers, PINNED } from './peers/install';
import { echoes, ourMatch, persistedFloor } from './peers/ours';
import { ms, pct } from './lib/stats';

const { values } = parseArgs({ options: {
  samples: { type: 'string', default: '1000' }, moves: { type: 'string', default: '100' },
  spectators: { type: 'string', default: '200' }, gap: { type: 'string', default: '2' }, serve: { type: 'string' },
} });
const SAMPLES = Number(values.samples);
const MOVES = Number(values.moves);
const SPECTATORS = Number(values.spectators);
const GAP_MS = Number(values.gap);

interface Kind { name: string; c: Contender; ms: number[] }

/** Each kind's `take` in turn, after the idle gap, `warm` + `n` times; the first `warm` are not kept. */
async function interleave(kinds: Kind[], take: (c: Contender) => Promise<number>, warm: number, n: number, label: string): Promise<void> {
  for (let i = 0; i < warm + n; i++) {
    for (const k of kinds) {
      if (GAP_MS) await sleep(GAP_MS);
      const t = await take(k.c);
      if (i >= warm) k.ms.push(t);
    }
    if ((i + 1) % 100 === 0) console.error(`  ${label}: ${i + 1}/${warm + n} steps`);
  }
}

const pad = (s: string, n: number) => s.padEnd(n);
const x = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

/** The table of one figure: p50 and p99, each with its ratio to the echo's and to ours. */
function table(title: string, kinds: Kind[]): void {
  const [echo, ours] = kinds;
  console.log(title);
  console.log(`  ${pad('', 14)}${pad('p50', 10)}${pad('÷ echo', 8)}${pad('÷ ours', 8)}${pad('p99', 10)}${pad('÷ echo', 8)}÷ ours`);
  for (const k of kinds) {
    const [p50, p99] = [pct(k.ms, 50), pct(k.ms, 99)];
    console.log(`  ${pad(k.name, 14)}${pad(ms(p50), 10)}${pad(x(p50, pct(echo!.ms, 50)), 8)}${pad(x(p50, pct(ours!.ms, 50)), 8)}`
      + `${pad(ms(p99), 10)}${pad(x(p99, pct(echo!.ms, 99)), 8)}${x(p99, pct(ours!.ms, 99))}`);
  }
}

function goal(label: string, ours: number[], peer: number[], limit: number): boolean {
  const ratio = pct(ours, 50) / pct(peer, 50);
  const ok = ratio <= limit;
  console.log(`  ${label}: ours ${ratio.toFixed(2)}× (goal ≤ ${limit}×): ${ok ? 'met' : 'NOT met'}`);
  return ok;
}

async function main(): Promise<void> {
  ensurePeers();
  const script = fileURLToPath(import.meta.url);
  const server = await startServer(memoryState());
  const bg = await serveInChild(script, 'boardgameio');
  const col = await serveInChild(script, 'colyseus');
  const open: Contender[] = [];
  const track = <T extends Contender>(c: T): T => { open.push(c); return c; };
  try {
    let ours: Awaited<ReturnType<typeof ourMatch>> | null = null;
    const echo = track(await echoes(server.ws, SPECTATORS, () => ours?.spectatorBytes() ?? 500));

    // Move round trip: two seats and nobody else.
    const bgMove = track(await boardgameioMatch(bg.port, 0));
    const colMove = track(await colyseusMatch(col.port, 0));
    const move: Kind[] = [
      { name: 'echo', c: echo, ms: [] },
      { name: 'ours', c: track(await ourMatch(server.http, server.ws, 0)), ms: [] },
      { name: 'boardgame.io', c: bgMove, ms: [] },
      { name: 'Colyseus', c: colMove, ms: [] },
      { name: 'stored floor', c: track(await persistedFloor(server.ws)), ms: [] },
    ];
    await interleave(move, (c) => c.move(), 50, SAMPLES, 'move');

    // Fan-out: two seats and the spectators.
    console.error(`  opening ${SPECTATORS} spectators on each`);
    ours = track(await ourMatch(server.http, server.ws, SPECTATORS));
    const bgFan = track(await boardgameioMatch(bg.port, SPECTATORS));
    const colFan = track(await colyseusMatch(col.port, SPECTATORS));
    const fan: Kind[] = [
      { name: 'echo', c: echo, ms: [] },
      { name: 'ours', c: ours, ms: [] },
      { name: 'boardgame.io', c: bgFan, ms: [] },
      { name: 'Colyseus', c: colFan, ms: [] },
    ];
    await interleave(fan, (c) => c.fanout(), 10, MOVES, 'fan-out');
    const secrets = [bgMove, colMove, bgFan, colFan].every((c) => c.secretsKept());

    console.log(`peers, ${new Date().toISOString().slice(0, 10)}, node ${process.version}: ${Object.entries(PINNED).map(([n, v]) => `${n} ${v}`).join(', ')}`);
    console.log(`  ${GAP_MS} ms idle before each sample; ours: state on tmpfs, every move persisted before it is sent; the peers keep theirs in memory`);
    table(`move round trip (2 seats), ${SAMPLES} samples each`, move);
    table(`fan-out to 2 seats + ${SPECTATORS} spectators, ${MOVES} moves each (echo: a broadcast of ${ours.spectatorBytes()} B, ours' median spectator patch)`, fan);
    console.log(`  each seat got its own secret only: ${secrets ? 'yes' : 'NO'}`);
    console.log('goals (p50):');
    const ok = [
      goal('move round trip ≤ boardgame.io\'s', move[1]!.ms, move[2]!.ms, 1),
      goal('fan-out ≤ boardgame.io\'s', fan[1]!.ms, fan[2]!.ms, 1),
      goal('move round trip ≤ 1.5× Colyseus\'s', move[1]!.ms, move[3]!.ms, 1.5),
    ];
    console.log(`  for scale: the stored floor (a write, then 480 B to both seats, no code of ours) is ${x(pct(move[4]!.ms, 50), pct(move[3]!.ms, 50))} Colyseus's move`);
    if (!secrets || !ok.every(Boolean)) process.exitCode = 1;
  } finally {
    for (const c of open) await c.close();
    bg.child.kill();
    col.child.kill();
    await server.stop();
    removeState(server.persist);
  }
}

if (values.serve === 'boardgameio') await serveBoardgameio();
else if (values.serve === 'colyseus') await serveColyseus();
else await main();
