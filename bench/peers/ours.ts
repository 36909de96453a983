// Ours and the echo in bench/peers.ts, driven as bench/latency.ts and bench/fanout.ts drive them
// (bench/lib): a real two-seat match of the game (checked, applied, persisted in SQLite, patched
// per seat) and the bare echo Durable Object of the same worker.
import { closeAll, oneMove, peopleMatch, type Seats } from '../lib/match';
import { countingSocket, versionOf, type BenchSocket } from '../lib/socket';
import { median } from '../lib/stats';
import type { Contender } from './common';

const SEATS = 2;

/** Two seats, and `spectators` sockets that only read each message's version (as fanout.ts's). */
export async function ourMatch(http: string, ws: string, spectators: number): Promise<Contender & { spectatorBytes(): number }> {
  const open = async () => {
    const m = await peopleMatch(http, ws, SEATS);
    const watchers: BenchSocket[] = [];
    for (let i = 0; i < spectators; i++) watchers.push(await countingSocket(`${ws}/api/matches/${m.id}/ws?patch=1`));
    return { m, watchers };
  };
  let cur: { m: Seats; watchers: BenchSocket[] } = await open();
  const bytes: number[] = [];
  const shut = (c: typeof cur) => { closeAll(c.m); c.watchers.forEach((s) => s.close()); };
  // A match that ends is replaced by a new one (its dealing is not a sample).
  const take = async (all: boolean): Promise<number> => {
    for (;;) {
      let t0 = 0;
      const { watchers } = cur;
      const r = await oneMove(cur.m, all ? async (version) => {
        t0 = performance.now();
        await Promise.all(watchers.map((s) => s.next((t) => versionOf(t) === version)));
      } : undefined);
      if (r) {
        if (!all) return r.ms;
        if (watchers.length) bytes.push(watchers[0]!.sizes.at(-1)!);
        return performance.now() - t0;
      }
      shut(cur);
      cur = await open();
    }
  };
  return {
    move: () => take(false),
    fanout: () => take(true),
    spectatorBytes: () => (bytes.length ? median(bytes) : 500),
    close: () => shut(cur),
  };
}

/** The echo object: `move` is one message and its echo back; `fanout` one broadcast of `size()` bytes to 2 + spectators sockets. */
export async function echoes(ws: string, spectators: number, size: () => number): Promise<Contender> {
  const one = await countingSocket(`${ws}/api/bench/echo/ws?name=peers-move`);
  const all: BenchSocket[] = [];
  for (let i = 0; i < SEATS + spectators; i++) all.push(await countingSocket(`${ws}/api/bench/echo/ws?name=peers-fanout`));
  // About the size of an action message (as in latency.ts).
  const action = JSON.stringify({ type: 'play', card: '2:dire-bear', location: 'haunted-bridge-a', version: 17 });
  let n = 0;
  return {
    move: async () => {
      const back = one.next();
      const t0 = performance.now();
      one.send(action);
      await back;
      return performance.now() - t0;
    },
    fanout: async () => {
      const text = `${n++}:`.padEnd(size(), 'x');
      const got = Promise.all(all.map((s) => s.next((t) => t === text)));
      const t0 = performance.now();
      all[0]!.send(`b:${text}`);
      await got;
      return performance.now() - t0;
    },
    close: () => { one.close(); all.forEach((s) => s.close()); },
  };
}

/**
 * The floor of a persisted two-seat move (as bench/latency.ts's): an echo object that writes the
 * message to its SQLite, then sends 480 B (a move's patch) to both of its sockets; `move` times
 * until both have it. Only in the move table: no code of ours can answer a stored move faster.
 */
export async function persistedFloor(ws: string): Promise<Contender> {
  const pair = await Promise.all([0, 1].map(() => countingSocket(`${ws}/api/bench/echo/ws?name=peers-floor`)));
  const patch = 'x'.repeat(480);
  const move = async () => {
    const got = Promise.all(pair.map((s) => s.next()));
    const t0 = performance.now();
    pair[0]!.send(`w:${patch}`);
    await got;
    return performance.now() - t0;
  };
  return { move, fanout: move, close: () => pair.forEach((s) => s.close()) };
}
