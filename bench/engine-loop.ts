// The engine-only loop of `npm run bench` (random games, uniform over the legal moves, applied in
// place) as its own entry, so bench/engine-vs.mjs can bundle it against two versions of the engine.
// ENGINE_SECONDS (default 3), ENGINE_PLAYERS (default 4). Prints one line of JSON.
import { createGame, moveAt, moveCount, seedOfInteger, step } from '../shared/engine';

const seconds = Number(process.env.ENGINE_SECONDS ?? 3);
const players = Number(process.env.ENGINE_PLAYERS ?? 4);
const KEYS = Array.from({ length: 1 << 15 }, (_, i) => seedOfInteger(i));

function lcg(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) % n;
  };
}

function game(seed: number): number {
  const g = createGame({ players, seed: KEYS[seed % KEYS.length]! });
  const pick = lcg(seed);
  while (!g.over) step(g, moveAt(g, pick(moveCount(g))));
  return g.version;
}

for (let i = 0; i < 300; i++) game(1e6 + i);
let games = 0;
let decisions = 0;
const cpu = process.cpuUsage();
const start = performance.now();
const end = start + seconds * 1000;
while (performance.now() < end) decisions += game(games++);
const perSecond = games / ((performance.now() - start) / 1000);
// Per second of CPU (all the process's threads: the collector's helpers too), which a shared
// machine's waits for a core do not inflate as they do wall time.
const used = process.cpuUsage(cpu);
const perCpuSecond = games / ((used.user + used.system) / 1e6);
console.log(JSON.stringify({ perSecond, perCpuSecond, games, decisions }));
