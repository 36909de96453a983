// The engine-only loop of `npm run bench` (random games, uniform over the legal moves, applied in
// place) as a module of its own, so bench/engine-vs.mjs can bundle it against two versions of
// the engine and run both in one process, in turn.
import { createGame, moveAt, moveCount, seedOfInteger, step } from '../shared/engine';

const KEYS = Array.from({ length: 1 << 12 }, (_, i) => seedOfInteger(i));

function lcg(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) % n;
  };
}

function game(players: number, seed: number): number {
  const g = createGame({ players, seed: KEYS[seed % KEYS.length]! });
  const pick = lcg(seed);
  while (!g.over) step(g, moveAt(g, pick(moveCount(g))));
  return g.version;
}

let next = 0;

/** Play whole games for about `ms` milliseconds; games played and the CPU they took (µs, all threads). */
export function slice(players: number, ms: number): { games: number; cpu: number; wall: number } {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const end = start + ms;
  let games = 0;
  while (performance.now() < end) { game(players, next++); games++; }
  const used = process.cpuUsage(cpu);
  return { games, cpu: used.user + used.system, wall: (performance.now() - start) * 1000 };
}
