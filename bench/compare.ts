// Two versions of the server side by side in one run: the working tree and a base revision (a git
// worktree of it), each in its own workerd. Two-seat moves are taken in rounds, the two servers
// alternating which goes first; each round gives workerd's CPU per move (bench/lib/workerd.ts) and the
// round trip's median for each, and their ratios. The median of the rounds' ratios is what a change
// did to a move's cost, read against the code before it under the same load (this machine drifts by
// more than most changes are worth between two runs). `--base HEAD` compares the tree with itself:
// the spread of its ratios is the noise a difference must stand above.
//   node scripts/run.mjs bench/compare.ts [--base HEAD] [--rounds 10] [--moves 400] [--gap 2]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { memoryState, removeState, startServer, type Server } from '../harness/server';
import { cpuNs, workerdsBelow } from './lib/workerd';
import { closeAll, oneMove, peopleMatch, type Seats } from './lib/match';
import { median } from './lib/stats';

const { values } = parseArgs({ options: {
  base: { type: 'string', default: 'HEAD' }, rounds: { type: 'string', default: '10' }, moves: { type: 'string', default: '400' },
  gap: { type: 'string', default: '2' },
} });
const ROUNDS = Number(values.rounds);
const MOVES = Number(values.moves);
const GAP_MS = Number(values.gap);

interface Side { name: string; server: Server; pids: number[]; match: Seats | null; cpu: number[]; ms: number[] }

/** The server of the tree at `dir`, and its workerd (told apart from the other's by what started). */
async function start(name: string, dir: string): Promise<Side> {
  const before = new Set(workerdsBelow());
  const here = process.cwd();
  // startServer reads wrangler.toml, the worker's source and migrations/ from the working directory.
  process.chdir(dir);
  try {
    const server = await startServer(memoryState());
    return { name, server, pids: workerdsBelow().filter((p) => !before.has(p)), match: null, cpu: [], ms: [] };
  } finally {
    process.chdir(here);
  }
}

/** `n` moves on `side` (a new match when one ends, outside the count): CPU µs per move and the round trips' median ms. */
async function round(side: Side, n: number): Promise<{ cpu: number; ms: number }> {
  let ns = 0;
  const ms: number[] = [];
  while (ms.length < n) {
    if (!side.match || side.match.seats[0]!.view!.over) {
      if (side.match) closeAll(side.match);
      side.match = await peopleMatch(side.server.http, side.server.ws, 2);
    }
    const t0 = cpuNs(side.pids);
    while (ms.length < n) {
      if (GAP_MS) await sleep(GAP_MS);
      const r = await oneMove(side.match);
      if (!r) break;
      ms.push(r.ms);
    }
    ns += cpuNs(side.pids) - t0;
  }
  return { cpu: ns / 1000 / n, ms: median(ms) };
}

const rev = execFileSync('git', ['rev-parse', '--short', values.base!], { encoding: 'utf8' }).trim();
const baseDir = mkdtempSync(join(tmpdir(), 'darkmoor-base-'));
execFileSync('git', ['worktree', 'add', '--detach', '--quiet', baseDir, rev]);
symlinkSync(resolve('node_modules'), join(baseDir, 'node_modules'));
const sides: Side[] = [];
try {
  sides.push(await start(`base ${rev}`, baseDir), await start('this tree', process.cwd()));
  for (const s of sides) await round(s, 500); // V8 warm on both: the first few hundred moves tier the code up
  for (let r = 0; r < ROUNDS; r++) {
    for (const s of r % 2 ? [...sides].reverse() : sides) {
      const { cpu, ms } = await round(s, MOVES);
      s.cpu.push(cpu);
      s.ms.push(ms);
    }
  }
  const [base, tree] = sides as [Side, Side];
  const ratios = (k: 'cpu' | 'ms') => tree[k].map((x, i) => x / base[k][i]!);
  const fmt = (xs: number[], d = 2) => xs.map((x) => x.toFixed(d)).join(' ');
  console.log(`${ROUNDS} rounds of ${MOVES} two-seat moves on each, ${GAP_MS} ms idle before each move, state on tmpfs, node ${process.version}`);
  for (const s of sides) console.log(`  ${s.name.padEnd(14)} workerd CPU µs a move: median ${median(s.cpu).toFixed(0)} (${fmt(s.cpu, 0)}); round trip ms, median of rounds ${median(s.ms).toFixed(3)}`);
  for (const [k, what] of [['cpu', 'CPU a move'], ['ms', 'round trip']] as const) {
    const r = ratios(k);
    console.log(`  this tree / base, ${what}: median ${median(r).toFixed(3)} (rounds: ${fmt(r)})`);
  }
} finally {
  for (const s of sides) {
    if (s.match) closeAll(s.match);
    await s.server.stop();
    removeState(s.server.persist);
  }
  execFileSync('git', ['worktree', 'remove', '--force', baseDir]);
  rmSync(baseDir, { recursive: true, force: true });
}
