// Bytes per viewer: what each socket receives per update, and on connect,
// over whole bot-and-people matches: whole views (the public protocol) beside
// opt-in patches (docs/PROTOCOL.md). Target: patches at most 1 KB
// median per update.
//   node scripts/run.mjs bench/bytes.ts [--matches 10]
import { parseArgs } from 'node:util';
import { call } from '../harness/node';
import { memoryState, removeState, startServer } from '../harness/server';
import { autoplay } from '../harness/socket';
import { countingSocket, matchSocket, type BenchSocket } from './lib/socket';
import { median, pct } from './lib/stats';

const { values } = parseArgs({ options: { matches: { type: 'string', default: '10' } } });
const MATCHES = Number(values.matches);

const modes: Record<'whole' | 'patch', { update: number[] }> = { whole: { update: [] }, patch: { update: [] } };
/** Sizes of the first (whole) view of sockets that connect mid-game. */
const connected: number[] = [];

const server = await startServer(memoryState());
try {
  for (let m = 0; m < MATCHES; m++) {
    // Seats 0 and 2 are people (each with a patch tab and a whole-view tab), 1 and 3 bots; two spectators.
    const id = (await call(server.http, 'POST', '/api/matches', { players: 4, bots: { 1: 'random', 3: 'greedy' }, botDelayMs: 0 })).json.id;
    const url = (q: string) => `${server.ws}/api/matches/${id}/ws${q}`;
    const sockets: { s: BenchSocket; mode: 'whole' | 'patch' }[] = [];
    const add = async (q: string, mode: 'whole' | 'patch') => {
      const s = await matchSocket(url(q));
      sockets.push({ s, mode });
      return s;
    };
    await add('', 'whole');
    await add('?patch=1', 'patch');
    const tokens: string[] = [];
    for (const name of ['Ann', 'Bo']) {
      const { token } = (await call(server.http, 'POST', `/api/matches/${id}/join`, { name })).json;
      tokens.push(token);
      autoplay(await add(`?patch=1&token=${token}`, 'patch'));
      await add(`?token=${token}`, 'whole');
    }
    // Mid-game, a seat and a spectator connect (a reload, a new watcher): the whole view they get.
    await sockets[0]!.s.until((v) => v.version >= 20 || v.over, 120_000);
    for (const q of ['', `?token=${tokens[0]}`]) {
      const late = await countingSocket(url(q));
      await late.next();
      connected.push(late.sizes[0]!);
      late.close();
    }
    await Promise.all(sockets.map(({ s }) => s.until((v) => v.over, 120_000))).catch((e) => {
      const last = sockets.map(({ s, mode }) => `${mode} you=${s.view?.you} v${s.view?.version} pending=${s.view?.pending?.seat} opts=${s.view?.pending?.options?.length}`);
      throw new Error(`match ${id} stalled: ${last.join('; ')}: ${e}`);
    });
    for (const { s, mode } of sockets) {
      modes[mode].update.push(...s.sizes.slice(1));
      s.close();
    }
  }
  console.log(`bytes per socket message over ${MATCHES} 4-seat matches (2 people, 2 bots, 2 spectators), node ${process.version}`);
  for (const [mode, s] of Object.entries(modes)) {
    console.log(`  ${mode}: per update median ${median(s.update)} B, p99 ${pct(s.update, 99)} B, max ${Math.max(...s.update)} B (${s.update.length} messages)`);
  }
  console.log(`  on connect mid-game (whole view, either mode): median ${median(connected)} B, max ${Math.max(...connected)} B`);
  const ok = median(modes.patch.update) <= 1024;
  console.log(`  patch median per update ≤ 1 KB: ${ok ? 'met' : 'NOT met'}`);
  if (!ok) process.exitCode = 1;
} finally {
  await server.stop();
  removeState(server.persist);
}
