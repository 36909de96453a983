// boardgame.io 0.50.2: the counter game on its own server (Koa + socket.io, in-memory storage).
// Each seat's secret lives in G and `playerView` leaves a client only its own (none for a
// spectator). `deltaState`: the server sends each client a JSON patch of its view, as ours does.
// The move is `client: false`: boardgame.io's client would otherwise apply it at once on its own
// copy (optimistically), and the figure would time the client, not the server's answer.
// The seats are boardgame.io's real client (`boardgame.io/client`, SocketIO transport). Spectators
// are bare socket.io sockets speaking what that transport speaks ('sync', then 'patch'/'update'
// events), so that, as with ours and the echo, their figure is the server's delivery and not
// 200 clients' stores in the benchmark's one thread.
import { announce, countedMove, Tally, type Contender } from './common';
import { peer } from './install';

const SEATS = 2;

interface G { counter: number; secret: Record<string, number> }

function counterGame() {
  const { ActivePlayers } = peer('boardgame.io/core');
  return {
    name: 'counter',
    deltaState: true,
    setup: (): G => ({ counter: 0, secret: { 0: 1000, 1: 1001 } }),
    // Either seat may move at any time (the benchmark has them take turns).
    turn: { activePlayers: ActivePlayers.ALL },
    moves: { inc: { move: ({ G }: { G: G }) => { G.counter++; }, client: false } },
    playerView: ({ G, playerID }: { G: G; playerID: string | null }): G =>
      ({ counter: G.counter, secret: playerID == null ? {} : { [playerID]: G.secret[playerID]! } }),
  };
}

/** In the child process: boardgame.io's server with the counter game, on a free port. */
export async function serveBoardgameio(): Promise<void> {
  const { Server, Origins } = peer('boardgame.io/server');
  const server = Server({ games: [counterGame()], origins: [Origins.LOCALHOST] });
  const { appServer } = await server.run({ port: 0 });
  announce(appServer.address().port);
}

const post = async (base: string, path: string, body: unknown): Promise<Record<string, string>> => {
  const r = await fetch(`${base}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(`${path}: ${r.status}`);
  return (await r.json()) as Record<string, string>;
};

/** The counter a patch sets, if it does. */
const patched = (ops: { op: string; path: string; value?: unknown }[]): number | undefined =>
  ops.find((o) => o.path === '/G/counter')?.value as number | undefined;

/** A match through the lobby API: two seats with real clients, then `spectators` bare sockets. */
export async function boardgameioMatch(port: number, spectators: number): Promise<Contender & { secretsKept(): boolean }> {
  const { Client } = peer('boardgame.io/client');
  const { SocketIO } = peer('boardgame.io/multiplayer');
  const { io } = peer('socket.io-client');
  const base = `http://127.0.0.1:${port}`;
  // WebSocket from the start, as ours and Colyseus's clients (socket.io would first poll over HTTP, then upgrade).
  const socketOpts = { transports: ['websocket'] };
  const game = counterGame();
  const { matchID } = await post(base, '/games/counter/create', { numPlayers: SEATS });
  type BgClient = { start(): void; stop(): void; subscribe(f: (s: { G: G } | null) => void): void; getState(): { G: G } | null; moves: { inc(): void } };
  const clients: BgClient[] = [];
  const tallies: Tally[] = [];
  for (let s = 0; s < SEATS; s++) {
    const { playerCredentials } = await post(base, `/games/counter/${matchID}/join`, { playerID: String(s), playerName: `P${s}` });
    const c: BgClient = Client({ game, multiplayer: SocketIO({ server: base, socketOpts }), matchID, playerID: String(s), credentials: playerCredentials, debug: false });
    const tally = new Tally();
    c.subscribe((st) => { if (st) tally.set(st.G.counter); });
    c.start();
    clients.push(c);
    tallies.push(tally);
  }
  type Sock = { on(e: string, f: (...a: any[]) => void): void; emit(e: string, ...a: unknown[]): void; close(): void };
  const sockets: Sock[] = [];
  for (let i = 0; i < spectators; i++) {
    const socket: Sock = io(`${base}/counter`, socketOpts);
    const tally = new Tally();
    socket.on('connect', () => socket.emit('sync', matchID, null, undefined, SEATS));
    socket.on('sync', (_id: string, info: { state: { G: G } }) => tally.set(info.state.G.counter));
    socket.on('update', (_id: string, state: { G: G }) => tally.set(state.G.counter));
    socket.on('patch', (_id: string, _prev: number, _next: number, ops: { op: string; path: string }[]) => {
      const v = patched(ops);
      if (v !== undefined) tally.set(v);
    });
    sockets.push(socket);
    tallies.push(tally);
    await tally.reach(0);
  }
  await Promise.all(tallies.map((t) => t.reach(0)));
  const seats = tallies.slice(0, SEATS);
  const send = (seat: number) => clients[seat]!.moves.inc();
  return {
    move: () => countedMove(seats, tallies, send, 'own'),
    fanout: () => countedMove(seats, tallies, send, 'all'),
    secretsKept: () => clients.every((c, i) => Object.keys(c.getState()!.G.secret).join() === String(i)),
    close: () => { clients.forEach((c) => c.stop()); sockets.forEach((s) => s.close()); },
  };
}
