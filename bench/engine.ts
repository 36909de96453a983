// npm run bench: the engine's speed on one core.
//   1. random 4-player games per second: every decision uniform over the legal moves
//      (moveAt/moveCount: the i-th of legalMoves without building the rest), applied in place;
//   2. the same games with each decision made by the random bot from its own seat's view
//      (the simulator's loop: a view per decision);
//   3. the mean cost of one apply (copy-on-write), beside the copy alone as the baseline.
// BENCH_SECONDS (default 3) sets each run's length, BENCH_WARMUP_S (default 2) the untimed warm-up
// before it; BENCH_PLAYERS (default 4).
import { apply, clone, createGame, legalMoves, moveAt, moveCount, seedOfInteger, step, type Action, type GameState } from '../shared/engine';
import { randomBot } from '../shared/bots';
import { playGame } from '../shared/bots/play';

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const players = Number(process.env.BENCH_PLAYERS ?? 4);
const warmup = Number(process.env.BENCH_WARMUP_S ?? 2);

function lcg(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) % n;
  };
}

// Games are dealt as real matches are (from a ChaCha20 key), yet numbered so a run repeats. The
// keys are made before timing: making one is no part of the engine's work.
const KEYS = Array.from({ length: 1 << 15 }, (_, i) => seedOfInteger(i));
const key = (i: number) => KEYS[i % KEYS.length]!;

function randomGame(seed: number): number {
  const g = createGame({ players, seed: key(seed) });
  const pick = lcg(seed);
  while (!g.over) step(g, moveAt(g, pick(moveCount(g))));
  return g.version;
}

function rate(label: string, game: (i: number) => number): void {
  // Warm up by time, not by a count of games: V8 needs about a second of these games before
  // their hot functions are optimized (250 ms slices of a fresh process run ~600, 2,600, 5,400,
  // then 11,000-14,000 games/s), and 300 games were over in a tenth of that, so the timed run
  // used to include the warm-up and vary with it. A match server runs warm.
  for (let i = 0, end = performance.now() + warmup * 1000; performance.now() < end; i++) game(1e6 + i);
  let games = 0;
  let decisions = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  while (performance.now() < end) decisions += game(games++);
  const perSecond = games / ((performance.now() - start) / 1000);
  console.log(`${label}: ${perSecond.toFixed(0)} games/s (${games} games, ${(decisions / games).toFixed(1)} decisions each)`);
}

function applyCost(): void {
  // Real positions of random games, then apply alone timed over them.
  const positions: [GameState, Action][] = [];
  for (let i = 0; positions.length < 20_000; i++) {
    let g = createGame({ players, seed: key(500_000 + i) });
    const pick = lcg(i);
    while (!g.over) {
      const moves = legalMoves(g);
      const a = { ...moves[pick(moves.length)]!, seat: g.pending!.seat } as Action;
      positions.push([g, a]);
      const r = apply(g, a);
      if (!r.ok) throw new Error(r.error.message);
      g = r.state;
    }
  }
  const time = (f: (g: GameState, a: Action) => unknown) => {
    for (const [g, a] of positions) f(g, a); // warm up
    let n = 0;
    const start = performance.now();
    const end = start + seconds * 1000;
    while (performance.now() < end) {
      for (const [g, a] of positions) f(g, a);
      n += positions.length;
    }
    return ((performance.now() - start) * 1000) / n;
  };
  const copy = time((g) => clone(g));
  const full = time((g, a) => apply(g, a));
  console.log(`apply: ${full.toFixed(2)} µs mean over ${positions.length} positions ` +
    `(copying the state alone: ${copy.toFixed(2)} µs)`);
}

console.log(`engine benchmark: ${players} players, ${seconds} s per run, node ${process.version}`);
rate(`random ${players}-player games, engine only`, randomGame);
const bots = Array(players).fill(randomBot);
rate(`random ${players}-player games, bots deciding from views`, (i) => playGame({ players, seed: key(i) }, bots, i * 7919).state.version);
applyCost();
