// npm run bench:bots — what one bot decision costs, over the real positions of whole games.
//
// Games are played with one `search` seat (rotating) against `greedy` seats, 2, 3 and 4
// players, and every decision of each bot is timed three ways:
//   - thread CPU: CPU time of the main thread, the one that runs the bot
//     (/proc/thread-self/schedstat, nanoseconds; Linux only);
//   - process CPU: process.cpuUsage (user + system of every thread of the process, so it
//     also counts V8's background compiler and garbage-collector threads);
//   - wall: performance.now.
// Decisions with a single option (answered without thinking) are left out. The first
// games warm the JIT up and are not timed: a match server runs warm.
// The search runs as in a match (its default budget, with its time cap) unless
// DARKMOOR_SEARCH_MS=0, which turns the cap off to show what the work budget alone costs.
//   BENCH_GAMES   timed games per player count (default 20)
//   BENCH_PLAYERS player counts (default "2,3,4")
//   BENCH_WARMUP  untimed warm-up games (default 8)
//   BENCH_FIRST   index of the first timed game (default 0): BENCH_FIRST=2000 BENCH_GAMES=2000
//                 plays 2,000 other games than the first 2,000, a sample of its own
// It also counts the search seat's wins in the timed games, with a Wilson 95% interval
// (seats rotate one place per game, so no seat order favours it): the strength figures of
// docs/BOTS.md are `BENCH_GAMES=1000 DARKMOOR_SEARCH_MS=0 npm run bench:bots`.
import { readFileSync } from 'node:fs';
import { BOTS, type Bot } from '../shared/bots';
import { playGame } from '../shared/bots/play';
import { seedOfInteger } from '../shared/engine';
import { lastSearch, searchConfig } from '../shared/bots/search';

const games = Number(process.env.BENCH_GAMES ?? 20);
const counts = (process.env.BENCH_PLAYERS ?? '2,3,4').split(',').map(Number);
const warmup = Number(process.env.BENCH_WARMUP ?? 8);
const first = Number(process.env.BENCH_FIRST ?? 0);

/** CPU time of the calling thread in ms, or NaN where the kernel does not tell. */
function threadCpu(): number {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return NaN;
  }
}

interface Sample { thread: number[]; process: number[]; wall: number[]; worlds: number[]; work: number[]; capped: number }
const samples = new Map<string, Sample>();

function timed(name: string, bot: Bot): Bot {
  const s = samples.get(name) ?? samples.set(name, { thread: [], process: [], wall: [], worlds: [], work: [], capped: 0 }).get(name)!;
  return (view, rng) => {
    const trivial = (view.pending?.options?.length ?? 0) <= 1;
    const t0 = threadCpu();
    const c0 = process.cpuUsage();
    const w0 = performance.now();
    const move = bot(view, rng);
    const wall = performance.now() - w0;
    const c = process.cpuUsage(c0);
    const thread = threadCpu() - t0;
    if (!trivial) {
      s.thread.push(thread);
      s.process.push((c.user + c.system) / 1000);
      s.wall.push(wall);
      if (name.startsWith('search')) {
        s.worlds.push(lastSearch.worlds);
        s.work.push(lastSearch.work);
        if (lastSearch.capped) s.capped++;
      }
    }
    return move;
  };
}

function stats(xs: number[]): string {
  const a = xs.slice().sort((x, y) => x - y);
  const q = (p: number) => a[Math.min(a.length - 1, Math.floor(p * a.length))]!;
  const mean = a.reduce((x, y) => x + y, 0) / a.length;
  const f = (x: number) => (Number.isNaN(x) ? 'n/a' : x.toFixed(2)).padStart(7);
  return `${f(mean)} ${f(q(0.5))} ${f(q(0.9))} ${f(q(0.99))} ${f(a[a.length - 1]!)}`;
}

const lineup = (P: number, i: number, search: Bot, greedy: Bot): Bot[] =>
  Array.from({ length: P }, (_, s) => (s === i % P ? search : greedy));

console.log(`bot benchmark: node ${process.version}, ${warmup} warm-up games, then ${games} timed games per ` +
  `player count (${counts.join(', ')} players)${first ? `, from game ${first}` : ''}; search budget ${JSON.stringify(searchConfig())}`);
for (let i = 0; i < warmup; i++) playGame({ players: counts[i % counts.length]!, seed: seedOfInteger(999_000 + i) }, lineup(counts[i % counts.length]!, i, BOTS.search, BOTS.greedy), i);

/** Wilson score interval at 95% for `k` successes in `n`, in percent. */
function wilson(k: number, n: number): [number, number] {
  const z = 1.96;
  const p = k / n;
  const d = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [100 * (centre - half), 100 * (centre + half)];
}

const wins = new Map<number, number>();
const start = performance.now();
for (const P of counts) {
  const search = timed(`search ${P}p`, BOTS.search);
  const greedy = timed(`greedy ${P}p`, BOTS.greedy);
  for (let i = first; i < first + games; i++) {
    const { state } = playGame({ players: P, seed: seedOfInteger(7_000 + 31 * P + i) }, lineup(P, i, search, greedy), 12_345 + i);
    if (state.result!.winner === i % P) wins.set(P, (wins.get(P) ?? 0) + 1);
  }
}
console.log(`timed games in ${((performance.now() - start) / 1000).toFixed(1)} s\n`);
console.log(`${'ms per decision'.padEnd(24)} ${'n'.padStart(5)}  ${'mean'.padStart(7)} ${'p50'.padStart(7)} ` +
  `${'p90'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)}`);
for (const [name, s] of [...samples.entries()].sort()) {
  console.log(`${`${name} thread CPU`.padEnd(24)} ${String(s.thread.length).padStart(5)}  ${stats(s.thread)}`);
  console.log(`${`${name} process CPU`.padEnd(24)} ${String(s.process.length).padStart(5)}  ${stats(s.process)}`);
  console.log(`${`${name} wall`.padEnd(24)} ${String(s.wall.length).padStart(5)}  ${stats(s.wall)}`);
}
for (const [name, s] of [...samples.entries()].sort()) {
  if (!s.worlds.length) continue;
  const mean = s.worlds.reduce((a, b) => a + b, 0) / s.worlds.length;
  console.log(`${name}: ${mean.toFixed(1)} worlds per decision on average (min ${Math.min(...s.worlds)}); ` +
    `stopped by the time cap in ${s.capped} of ${s.worlds.length} decisions`);
  // Whether the slowest decisions did more work or met a busy runtime (collector, compiler).
  const slowest = s.thread.indexOf(Math.max(...s.thread));
  console.log(`${name}: work per decision (units) ${stats(s.work).trim().split(/ +/).join(' / ')} ` +
    `(mean / p50 / p90 / p99 / max); the slowest decision by thread CPU did ${s.work[slowest]}`);
}
console.log('');
for (const P of counts) {
  const k = wins.get(P) ?? 0;
  const [lo, hi] = wilson(k, games);
  console.log(`search against ${P - 1} greedy, ${P} players: won ${k} of ${games} games, ` +
    `${((100 * k) / games).toFixed(1)}% [${lo.toFixed(1)}, ${hi.toFixed(1)}] (Wilson 95%; an even share is ${(100 / P).toFixed(1)}%)`);
}
