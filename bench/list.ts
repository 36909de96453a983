// The public list: GET /api/matches (read from the directory shards, cached at the edge) beside
// GET /api/matches/:id (one match object's summary), timed in the same run, interleaved. Once
// with the edge cache (wrangler.toml's LIST_CACHE_S) and once without (every request reads
// every shard), each on its own server. Also what one directory row costs.
//   node scripts/run.mjs bench/list.ts [--matches 120] [--live 10] [--requests 300]
import { parseArgs } from 'node:util';
import { createMatch, join } from '../harness/node';
import { memoryState, startServer } from '../harness/server';
import { median, ms, pct, verdict } from './lib/stats';

const { values } = parseArgs({ options: {
  matches: { type: 'string', default: '120' }, live: { type: 'string', default: '10' }, requests: { type: 'string', default: '300' },
} });
const MATCHES = Number(values.matches);
const LIVE = Number(values.live);
const REQUESTS = Number(values.requests);

async function timed(url: string): Promise<{ ms: number; text: string }> {
  const t0 = performance.now();
  const res = await fetch(url);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text}`);
  return { ms: performance.now() - t0, text };
}

async function run(label: string, cacheS: string): Promise<boolean> {
  // One address (127.0.0.1) creates every match: the per-address cap is raised as the creation limit is.
  const server = await startServer(memoryState(), { PUBLIC_WAITING_PER_ADDRESS: '1000000', LIST_CACHE_S: cacheS });
  try {
    const ids: string[] = [];
    for (let i = 0; i < MATCHES; i++) ids.push(await createMatch(server.http, { players: 2, public: true }));
    // A few matches in play (a slow bot keeps them going), for the live rows' size.
    for (let i = 0; i < LIVE; i++) {
      const id = await createMatch(server.http, { players: 2, public: true, bots: { 1: 'greedy' } });
      await join(server.http, id, `P${i}`);
    }
    // Every push is in (a match answers its create and join after its push).
    const first = JSON.parse((await timed(`${server.http}/api/matches`)).text);
    const list: number[] = [];
    const one: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 20; i++) { await timed(`${server.http}/api/matches`); await timed(`${server.http}/api/matches/${ids[i]}`); }
    for (let i = 0; i < REQUESTS; i++) {
      const l = await timed(`${server.http}/api/matches`);
      list.push(l.ms);
      bytes = l.text.length;
      one.push((await timed(`${server.http}/api/matches/${ids[i % ids.length]}`)).ms);
    }
    const waitingBytes = first.matches.map((m: unknown) => JSON.stringify(m).length);
    const liveBytes = first.live.map((m: unknown) => JSON.stringify(m).length);
    const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
    console.log(`${label} (LIST_CACHE_S=${cacheS}): ${MATCHES} waiting + ${LIVE} live public matches, ${REQUESTS} requests each, interleaved`);
    console.log(`  listed: ${first.matches.length} waiting (the list shows at most 50), ${first.live.length} live; answer ${bytes} bytes`);
    console.log(`  GET /api/matches      p50 ${ms(median(list))}, p95 ${ms(pct(list, 95))}`);
    console.log(`  GET /api/matches/:id  p50 ${ms(median(one))}, p95 ${ms(pct(one, 95))}`);
    console.log(`  row JSON: waiting summary ${avg(waitingBytes).toFixed(0)} bytes avg, live summary ${avg(liveBytes).toFixed(0)} bytes avg (2 players)`);
    const a = verdict('list p50 vs one summary p50', median(list), median(one), 3);
    const b = verdict('list p95 vs one summary p95', pct(list, 95), pct(one, 95), 3);
    return a && b;
  } finally {
    await server.stop();
  }
}

console.log(`public list benchmark, node ${process.version}, state in memory`);
const cached = await run('edge cache on', '3');
const uncached = await run('edge cache off', '0');
process.exitCode = cached ? 0 : 1;
if (!uncached) console.log('  (uncached: every request reads every shard; the deployed list is the cached one)');
