// Colyseus 0.18.17 (@colyseus/core, ws transport, schema 5, @colyseus/sdk): the counter game.
// The state is a schema: a shared counter and a map of seats whose `secret` is tagged `.view()`;
// each seat's client has a StateView holding its own seat only, so the other seat's secret never
// reaches it (spectators get an empty view). The room patches at once: no patch interval
// (`patchRate = null`) and `broadcastPatch()` in the message handler, instead of the default 50 ms tick.
import { announce, countedMove, Tally, type Contender } from './common';
import { peer } from './install';

const SEATS = 2;

/** In the child process: the Colyseus server with the counter room, on a free port. */
export async function serveColyseus(): Promise<void> {
  const { Server, Room } = peer('@colyseus/core');
  const { WebSocketTransport } = peer('@colyseus/ws-transport');
  const { schema, t, StateView } = peer('@colyseus/schema');
  const Seat = schema({ secret: t.number().view(), name: t.string() }, 'Seat');
  const State = schema({ counter: t.number().default(0), seats: t.map(Seat) }, 'CounterState');

  class Counter extends Room {
    maxClients = 1000;
    patchRate = null;
    onCreate(): void {
      this.state = new State();
      this.onMessage('inc', () => {
        this.state.counter++;
        this.broadcastPatch();
      });
    }
    onJoin(client: { view: unknown }, options: { seat?: number }): void {
      const view = new StateView();
      if (options.seat !== undefined) {
        const seat = new Seat();
        seat.secret = 1000 + options.seat;
        seat.name = `P${options.seat}`;
        this.state.seats.set(String(options.seat), seat);
        view.add(seat);
      }
      client.view = view;
      this.broadcastPatch();
    }
  }
  const server = new Server({ transport: new WebSocketTransport(), greet: false, gracefullyShutdown: false });
  server.define('counter', Counter);
  await server.listen(0, '127.0.0.1');
  announce(server.transport.server.address().port);
}

/** A counter room: two seats with the SDK, then `spectators` more SDK clients without a seat. */
export async function colyseusMatch(port: number, spectators: number): Promise<Contender & { secretsKept(): boolean }> {
  const { Client } = peer('@colyseus/sdk');
  const client = new Client(`ws://127.0.0.1:${port}`);
  type SdkRoom = { roomId: string; state: { counter: number; seats: { get(k: string): { secret?: number } | undefined } }; send(type: string): void; onStateChange(f: () => void): void; leave(): Promise<unknown> };
  const rooms: SdkRoom[] = [];
  const tallies: Tally[] = [];
  const watch = (room: SdkRoom): void => {
    const tally = new Tally();
    room.onStateChange(() => tally.set(room.state.counter ?? 0));
    rooms.push(room);
    tallies.push(tally);
  };
  watch(await client.create('counter', { seat: 0 }));
  const id = rooms[0]!.roomId;
  for (let s = 1; s < SEATS; s++) watch(await client.joinById(id, { seat: s }));
  for (let i = 0; i < spectators; i++) watch(await client.joinById(id, {}));
  await Promise.all(tallies.map((t) => t.reach(0)));
  const seats = tallies.slice(0, SEATS);
  const send = (seat: number) => rooms[seat]!.send('inc');
  return {
    move: () => countedMove(seats, tallies, send, 'own'),
    fanout: () => countedMove(seats, tallies, send, 'all'),
    // Each seat sees its own secret and not the other's; a spectator sees none.
    secretsKept: () => rooms.every((r, i) => [0, 1].every((s) => (r.state.seats.get(String(s))?.secret !== undefined) === (s === i))),
    close: async () => { await Promise.all(rooms.map((r) => r.leave().catch(() => undefined))); },
  };
}
