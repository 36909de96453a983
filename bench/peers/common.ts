// What bench/peers.ts asks of every contender, and the pieces the peers' sides share:
// a counter each client keeps current with waiters on it, and the peers' servers in
// child processes (ours runs in workerd, its own process: theirs must not share the
// benchmark's event loop either).
import { fork, type ChildProcess } from 'node:child_process';

/** A two-seat counter match and its watchers, as the benchmark drives it. */
export interface Contender {
  /** A seat sends a move; ms until that seat has the new state. Seats take turns; everyone is current when it resolves. */
  move(): Promise<number>;
  /** A seat sends a move; ms until the last seat or spectator has the new state. */
  fanout(): Promise<number>;
  close(): Promise<void> | void;
}

/** The counter as one client last saw it; `reach(n)` resolves once it is at least n. */
export class Tally {
  value = -1;
  private waiters: { at: number; done: () => void }[] = [];

  set(v: number): void {
    this.value = v;
    const ready = this.waiters.filter((w) => v >= w.at);
    if (!ready.length) return;
    this.waiters = this.waiters.filter((w) => v < w.at);
    for (const w of ready) w.done();
  }

  reach(at: number, ms = 10_000): Promise<void> {
    if (this.value >= at) return Promise.resolve();
    return new Promise((res, rej) => {
      const t = setTimeout(() => rej(new Error(`counter stuck at ${this.value}, waiting for ${at}`)), ms);
      this.waiters.push({ at, done: () => { clearTimeout(t); res(); } });
    });
  }
}

/**
 * One move of a counter game: seat `seats[n % 2]` sends (through `send`), timed until that seat
 * (`own`) or every tally (`all`) reaches n + 1; then everyone is current before the next.
 */
export async function countedMove(seats: Tally[], everyone: Tally[], send: (seat: number) => void, until: 'own' | 'all'): Promise<number> {
  const n = seats[0]!.value;
  const seat = n % seats.length;
  const want = n + 1;
  const waited = until === 'own' ? seats[seat]!.reach(want) : Promise.all(everyone.map((t) => t.reach(want)));
  const t0 = performance.now();
  send(seat);
  await waited;
  const ms = performance.now() - t0;
  await Promise.all(everyone.map((t) => t.reach(want)));
  return ms;
}

/** Starts this same script as `--serve <name>` in a child process; resolves with the port it listens on. */
export function serveInChild(script: string, name: string): Promise<{ port: number; child: ChildProcess }> {
  const child = fork(script, ['--serve', name], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise((res, rej) => {
    child.once('message', (m) => res({ port: (m as { port: number }).port, child }));
    child.once('exit', (code) => rej(new Error(`${name} server exited (${code})`)));
  });
}

/** In the child: tell the parent the port, and end with it. */
export function announce(port: number): void {
  process.send!({ port });
  process.on('disconnect', () => process.exit(0));
}
