// npm run bench:analysis — the after-match analysis (shared/bots/analysis.ts, the function the
// browser's Web Worker runs) on whole seeded 4-player matches of greedy and search bots, every
// seat judged as if a person sat there (the most work a match can ask). The target: at most 5 s.
// A first, untimed run warms the JIT up, as a page that already loaded the chunk runs warm
// only after its first match; both are printed.
//   BENCH_MATCHES  timed matches (default 3)
import { BOTS } from '../shared/bots';
import { analyse } from '../shared/bots/analysis';
import { playGame } from '../shared/bots/play';
import { seedOfInteger } from '../shared/engine';

const matches = Number(process.env.BENCH_MATCHES ?? 3);
const bots = [BOTS.search, BOTS.greedy, BOTS.greedy, BOTS.greedy];

function once(seed: number): { ms: number; actions: number; judged: number } {
  const setup = { players: 4, seed: seedOfInteger(seed) };
  const { actions } = playGame(setup, bots, seed, true);
  let judged = 0;
  const t0 = performance.now();
  analyse(setup, actions, { seats: [0, 1, 2, 3], seed, progress: (_, total) => { judged = total; } });
  return { ms: performance.now() - t0, actions: actions.length, judged };
}

const cold = once(1000);
console.log(`cold (first run): ${cold.ms.toFixed(0)} ms for ${cold.actions} actions, ${cold.judged} decisions judged`);
const times: number[] = [];
for (let i = 0; i < matches; i++) {
  const r = once(1 + i);
  times.push(r.ms);
  console.log(`match ${i + 1}: ${r.ms.toFixed(0)} ms for ${r.actions} actions, ${r.judged} decisions judged`);
}
const worst = Math.max(cold.ms, ...times);
console.log(`worst ${worst.toFixed(0)} ms (target ≤ 5000 ms): ${worst <= 5000 ? 'ok' : 'TOO SLOW'}`);
if (worst > 5000) process.exitCode = 1;
