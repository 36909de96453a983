// npm run faults: kill `wrangler dev` (SIGKILL to its whole process group) in
// the middle of many matches and start it again on the same state directory;
// also cut sockets between an action and its answer. Every match must resume
// and finish, no acknowledged action may be lost (an action is acknowledged
// when its sender gets the view of the version it made; the stored log must
// then hold it at that place), and the log replayed by the engine must give
// the final views. Loopback only, bounded in count and time; exits non-zero
// on any loss.
//   npm run faults -- [--matches 8] [--kills 2] [--cuts 3] [--timeout 300]
import { spawn, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import type { Replay, View } from '../shared/protocol';
import { call, reconnecting, socketUrl, type Client } from '../harness/node';
import { freePort, removeState, tempState, TEST_VARS } from '../harness/server';
import { compareFinal, replayToEnd } from './lib/verify';
import { exitOnProblems } from './lib/problems';

const { values } = parseArgs({ options: {
  matches: { type: 'string', default: '8' }, kills: { type: 'string', default: '2' },
  cuts: { type: 'string', default: '3' }, timeout: { type: 'string', default: '300' },
} });
const MATCHES = Number(values.matches);
const KILLS = Number(values.kills);
const CUTS = Number(values.cuts);
const DEADLINE = Date.now() + Number(values.timeout) * 1000;

const persist = tempState();
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const wsBase = `ws://127.0.0.1:${port}`;
let dev: ChildProcess | null = null;

/** `wrangler dev` in its own process group (setsid), so a kill takes workerd with it. */
async function start(): Promise<void> {
  const vars = Object.entries(TEST_VARS).flatMap(([k, v]) => ['--var', `${k}:${v}`]);
  dev = spawn('node_modules/.bin/wrangler', ['dev', '--ip', '127.0.0.1', '--port', String(port), '--persist-to', persist,
    '--inspector-port', '0', '--log-level', 'error', '--show-interactive-dev-session=false', ...vars], {
    detached: true, stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
  });
  for (const until = Date.now() + 60_000; Date.now() < until;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('wrangler dev did not come up within 60 s');
}

function kill(): Promise<void> {
  const p = dev!;
  dev = null;
  return new Promise((res) => {
    p.once('exit', () => res());
    try { process.kill(-p.pid!, 'SIGKILL'); } catch { res(); }
  });
}

/** Actions sent at one version: more than one when a cut left the first one's fate unknown. */
interface Sent { version: number; moves: Record<string, unknown>[] }

/** A socket player: answers after a short think; may cut its socket right after sending. */
function player(c: Client, cuts: { left: number }, acked: Sent[]): void {
  const sent = new Map<number, Record<string, unknown>[]>();
  let answered = '';
  c.onView = (v: View) => {
    // The view of the version our action made: acknowledged (one of those sent at the version before).
    const mine = sent.get(v.version - 1);
    if (mine) { acked.push({ version: v.version - 1, moves: mine }); sent.delete(v.version - 1); }
    const opts = v.pending?.seat === v.you ? v.pending?.options : undefined;
    const key = `${c.closes.length}:${v.version}`;
    if (v.over || !opts?.length || key === answered) return;
    answered = key;
    setTimeout(() => {
      if (c.views.at(-1)?.version !== v.version || c.socket.readyState !== 1) return;
      const move = opts[Math.floor(Math.random() * opts.length)]! as unknown as Record<string, unknown>;
      sent.set(v.version, [...(sent.get(v.version) ?? []), move]);
      c.send({ ...move, version: v.version });
      // A cut between the action and its answer: after reconnecting the view tells whether it landed.
      if (cuts.left > 0 && Math.random() < 0.1) {
        cuts.left--;
        c.socket.reconnect();
      }
    }, 20 + Math.random() * 60);
  };
}

const problems: string[] = [];
let actionsTotal = 0;
let ackedTotal = 0;
let kills = 0;
let drops = 0;
const t0 = Date.now();
try {
  await start();
  const games = await Promise.all(Array.from({ length: MATCHES }, async (_, i) => {
    // People are never "away" long enough for a stand-in (awayMs), so every action at one of
    // seat 0's versions is seat 0's own; the bot thinks 150 ms so the kills land mid-game.
    const id = (await call(base, 'POST', '/api/matches', { players: 2, bots: { 1: 'random' }, botDelayMs: 150, awayMs: 600_000 })).json.id as string;
    const seat = (await call(base, 'POST', `/api/matches/${id}/join`, { name: `Fault ${i}` })).json;
    const acked: Sent[] = [];
    const c = reconnecting(() => `${socketUrl(wsBase, id, seat.token)}&patch=1`, { retries: 10_000 });
    const spectator = reconnecting(() => `${socketUrl(wsBase, id)}?patch=1`, { retries: 10_000 });
    player(c, { left: CUTS }, acked);
    return { id, c, spectator, acked };
  }));
  // Kill mid-game: spread over the first seconds of play, each after some actions were acknowledged.
  for (let k = 0; k < KILLS; k++) {
    await new Promise((r) => setTimeout(r, 800 + Math.random() * 1200));
    const before = games.reduce((n, g) => n + g.acked.length, 0);
    const over = games.filter((g) => g.spectator.views.at(-1)?.over).length;
    await kill();
    kills++;
    console.log(`  kill ${k + 1}: ${before} actions acknowledged so far, ${over}/${MATCHES} matches over`);
    await new Promise((r) => setTimeout(r, 300));
    await start();
  }
  await Promise.all(games.map(async ({ id, c, spectator, acked }) => {
    const left = Math.max(1, DEADLINE - Date.now());
    try {
      const [mine, watched] = await Promise.all([c.until((v) => v.over, left), spectator.until((v) => v.over, left)]);
      const replay = (await call(base, 'GET', `/api/matches/${id}/replay`)).json as Replay;
      const final = replayToEnd(replay);
      problems.push(...[...compareFinal(final, mine, 0), ...compareFinal(final, watched, null)].map((p) => `${id}: ${p}`));
      for (const a of acked) {
        const stored = replay.actions[a.version] as unknown as Record<string, unknown> | undefined;
        const same = stored?.seat === 0 && a.moves.some((m) => Object.entries(m).every(([k, v]) => stored[k] === v));
        if (!same) problems.push(`${id}: acknowledged action at version ${a.version} (${JSON.stringify(a.moves)}) is not in the log (${JSON.stringify(stored)})`);
      }
      actionsTotal += replay.actions.length;
      ackedTotal += acked.length;
    } catch (e) {
      problems.push(`${id}: did not resume and finish: ${(e as Error).message}; last version ${spectator.views.at(-1)?.version}`);
    } finally {
      drops += c.closes.length + spectator.closes.length;
      c.close();
      spectator.close();
    }
  }));
  console.log(`faults: ${MATCHES} matches (a socket player cutting its socket up to ${CUTS} times, a bot, a spectator), ${kills} kill(s) of wrangler dev (SIGKILL, same --persist-to)`);
  console.log(`  resumed and finished: ${MATCHES - problems.filter((p) => p.includes('did not resume')).length}/${MATCHES} in ${((Date.now() - t0) / 1000).toFixed(1)} s; ` +
    `${actionsTotal} actions stored, ${ackedTotal} acknowledged to the player, all in the log: ${problems.some((p) => p.includes('acknowledged')) ? 'NO' : 'yes'}`);
  console.log(`  sockets dropped and reconnected (cuts and kills): ${drops}`);
  console.log(`  every final view equals the engine's replay of the stored log: ${problems.length ? 'NO' : 'yes'}`);
} finally {
  if (dev) await kill();
  removeState(persist);
}
exitOnProblems(problems);
