// npm run load: many concurrent bot matches, with spectators, against one
// local worker in Miniflare (loopback only; bounded in count and time). Each match:
// seat 0 a socket player answering at random (patches), seats 1-3 bots, one
// spectator on patches and one on whole views. Every match must finish, its
// stored log replayed by the engine must give exactly the final views its
// sockets got, and the patched spectator must end where the whole-view one did.
// Prints a summary; exits non-zero on any failure.
//   npm run load -- [--matches 100] [--timeout 300]
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { call, reconnecting, socketUrl } from '../harness/node';
import { autoplay } from '../harness/socket';
import { removeState, startServer } from '../harness/server';
import type { Replay } from '../shared/protocol';
import { compareFinal, replayToEnd } from './lib/verify';
import { exitOnProblems } from './lib/problems';

const { values } = parseArgs({ options: { matches: { type: 'string', default: '100' }, timeout: { type: 'string', default: '300' } } });
const MATCHES = Number(values.matches);
const DEADLINE = Date.now() + Number(values.timeout) * 1000;

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * xs.length) - 1)] ?? NaN;

const server = await startServer();
const problems: string[] = [];
const acks: number[] = [];
let actions = 0;
let messages = 0;
let bytes = 0;
const t0 = Date.now();
try {
  // Set every match up first (spectators watch from before the deal), then start them all at once.
  const setups = await Promise.all(Array.from({ length: MATCHES }, async (_, i) => {
    const id = (await call(server.http, 'POST', '/api/matches', {
      players: 4, bots: { 1: 'random', 2: 'greedy', 3: 'random' }, botDelayMs: 0, seed: 1000 + i,
    })).json.id as string;
    const spectators = [reconnecting(`${socketUrl(server.ws, id)}?patch=1`), reconnecting(socketUrl(server.ws, id))];
    await Promise.all(spectators.map((s) => s.take('state')));
    return { id, spectators };
  }));
  const started = Date.now();
  const results = await Promise.all(setups.map(async ({ id, spectators }, i) => {
    const seat = (await call(server.http, 'POST', `/api/matches/${id}/join`, { name: `Load ${i}` })).json;
    const player = reconnecting(`${socketUrl(server.ws, id, seat.token)}&patch=1`);
    // Time each answer to its acknowledgement (the view of the next version).
    let sentAt = 0;
    let sentVersion = -1;
    const send = player.send.bind(player);
    player.send = (msg: unknown) => { sentAt = performance.now(); sentVersion = (msg as { version: number }).version; send(msg); };
    autoplay(player);
    const answer = player.onView!;
    player.onView = (v) => {
      if (sentVersion >= 0 && v.version === sentVersion + 1) { acks.push(performance.now() - sentAt); sentVersion = -1; }
      answer(v);
    };
    const sockets = [player, ...spectators];
    const left = Math.max(1, DEADLINE - Date.now());
    try {
      const finals = await Promise.all(sockets.map((c) => c.until((v) => v.over, left)));
      const replay = (await call(server.http, 'GET', `/api/matches/${id}/replay`)).json as Replay;
      const final = replayToEnd(replay);
      const found = [
        ...compareFinal(final, finals[0]!, 0), ...compareFinal(final, finals[1]!, null), ...compareFinal(final, finals[2]!, null),
      ];
      if (!isDeepStrictEqual(finals[1], finals[2])) found.push('the patched spectator ended elsewhere than the whole-view one');
      actions += replay.actions.length;
      return found.map((p) => `${id}: ${p}`);
    } catch (e) {
      return [`${id}: did not finish: ${(e as Error).message} (last version ${sockets[1]!.views.at(-1)?.version})`];
    } finally {
      for (const c of sockets) {
        messages += c.raw.length;
        bytes += c.raw.reduce((n, r) => n + Buffer.byteLength(r), 0);
        c.close();
      }
    }
  }));
  for (const r of results) problems.push(...r);
  const secs = (Date.now() - started) / 1000;
  console.log(`load: ${MATCHES} concurrent 4-seat matches (1 socket player, 3 bots, 2 spectators each) on one local server`);
  console.log(`  finished: ${results.filter((r) => !r.some((p) => p.includes('did not finish'))).length}/${MATCHES} in ${secs.toFixed(1)} s ` +
    `(set-up ${((started - t0) / 1000).toFixed(1)} s); ${actions} actions (${(actions / secs).toFixed(0)}/s)`);
  console.log(`  socket player's action to acknowledgement: p50 ${pct(acks, 50).toFixed(1)} ms, p99 ${pct(acks, 99).toFixed(1)} ms (${acks.length} actions)`);
  console.log(`  sockets received ${messages} messages, ${(bytes / 1024 / 1024).toFixed(1)} MB`);
  console.log(`  every final view equals the engine's replay of the stored log: ${problems.length ? 'NO' : 'yes'}`);
} finally {
  await server.stop();
  removeState(server.persist);
}
exitOnProblems(problems);
