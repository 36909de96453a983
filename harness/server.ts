// A real `wrangler dev` server (workerd, local only) for Node-side tests.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unstable_DevEnv } from 'wrangler';

// No telemetry, no request to Cloudflare for request.cf data.
process.env.WRANGLER_SEND_METRICS = 'false';
process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';

export interface Server {
  http: string;
  ws: string;
  persist: string;
  stop(): Promise<void>;
}

/** A fresh temporary state directory (removed with `removeState`). */
export const tempState = (): string => mkdtempSync(join(tmpdir(), 'darkmoor-state-'));
export const removeState = (dir: string): void => rmSync(dir, { recursive: true, force: true });

/**
 * What test and benchmark servers change from wrangler.toml: they create many
 * matches, open many spectator sockets on one match and read many replays, from one address
 * (127.0.0.1), serve the echo baseline, and let a hand-over come within seconds.
 */
export const TEST_VARS: Record<string, string> = {
  MATCHES_PER_MINUTE: '1000000', PRIVATE_WAITING_PER_ADDRESS: '1000000', SOCKETS_PER_ADDRESS: '1000000', CONNECTS_PER_MINUTE: '1000000',
  REPLAYS_PER_MINUTE: '1000000', PLAYERS_PER_MINUTE: '1000000', BENCH_ECHO: 'on',
  // A browser test hands an idle seat over in seconds; the floor itself is tested in workerd (fair-play tests).
  MIN_IDLE_MS: '1000',
  // A bot's move in a blink: browser tests play whole matches against bots.
  BOT_DELAY_MAX_MS: '100',
};

/**
 * The D1 database's tables (migrations/) in a state directory, as `npm start` makes them: the same
 * command, so a test server's players are stored as a deployed one's. Applied ones are skipped.
 */
export function applyMigrations(persist: string): void {
  execFileSync('node_modules/.bin/wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // CI: no question asked (it would wait for an answer nobody gives).
    env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
  });
}

/** Start the worker from wrangler.toml on a free port, its Durable Objects stored under `persist`
 * (and the client served from `assets`, where given, instead of web/dist; with V8's inspector on
 * `inspectorPort`, where given: bench/profile.ts). */
export async function startServer(persist = tempState(), vars: Record<string, string> = {}, assets?: string, inspectorPort?: number): Promise<Server> {
  applyMigrations(persist);
  const bindings = Object.fromEntries(Object.entries({ ...TEST_VARS, ...vars }).map(([k, value]) => [k, { type: 'plain_text' as const, value }]));
  const env = new unstable_DevEnv();
  const loaded = watchReloads(env);
  const worker = await env.startWorker({
    config: 'wrangler.toml',
    bindings,
    ...(assets ? { assets } : {}),
    dev: {
      server: { hostname: '127.0.0.1', port: 0 },
      inspector: inspectorPort ? { hostname: '127.0.0.1', port: inspectorPort } : false,
      remote: false,
      persist,
      watch: false,
      logLevel: (process.env.WRANGLER_LOG as 'error' | undefined) ?? 'error',
    },
  });
  await worker.ready;
  const url = await worker.url;
  const http = url.origin;
  // `ready` is the local proxy's: the worker itself loads after it, and a test's first requests
  // would wait in the proxy for that load (a page's HTML and its files at once). Hand the server
  // over loaded, its worker's code and its static files each having answered once.
  await loaded;
  for (const path of ['/', '/api/none']) await (await fetch(new URL(path, http))).arrayBuffer();
  return {
    http,
    ws: http.replace(/^http/, 'ws'),
    persist,
    stop: () => {
      started.delete(env);
      return worker.dispose();
    },
  };
}

/** Servers whose worker has loaded once: a reload after this drops every socket and in-flight request. */
const started = new WeakSet<unstable_DevEnv>();

/**
 * Resolves when the server's worker has first loaded; after that, says on stderr when it is rebuilt
 * or reloaded, and by what: nothing a test does should reload it (files are not watched), yet once
 * in a few full runs a request got wrangler's "Your worker restarted mid-request"
 * (docs/PERFORMANCE.md, "The test suite").
 */
function watchReloads(env: unstable_DevEnv): Promise<void> {
  const dispatch = env.dispatch.bind(env);
  let done!: () => void;
  const loaded = new Promise<void>((resolve) => { done = resolve; });
  env.dispatch = (event) => {
    if (event.type === 'reloadComplete' && !started.has(env)) {
      started.add(env);
      done();
    } else if (started.has(env)) {
      const why = event.type === 'error' ? `: ${event.source} ${event.reason} ${String(event.cause)}` : '';
      console.error(`test server: ${event.type} after ready at ${new Date().toISOString()}${why}\n${new Error().stack}`);
    }
    dispatch(event);
  };
  return loaded;
}

/**
 * A state directory in memory (tmpfs) where there is one: benchmarks that
 * measure the server's own work keep this VM's disk flush (a few ms per
 * commit) out of the figure; they say where the state lived. The shared test
 * servers use it too: what they test is the same on any disk, only slower.
 */
export function memoryState(): string {
  return existsSync('/dev/shm') ? mkdtempSync('/dev/shm/darkmoor-state-') : tempState();
}
