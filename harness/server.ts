// A real worker in workerd (Miniflare, local only) for Node-side tests.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { build } from 'esbuild';
import { Log, LogLevel, Miniflare, type WorkerOptions } from 'miniflare';
import { unstable_getMiniflareWorkerOptions, unstable_splitSqlQuery } from 'wrangler';
import { Cdp } from './cdp';

// No telemetry, no request to Cloudflare for request.cf data.
process.env.WRANGLER_SEND_METRICS = 'false';
process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';

export interface Server {
  http: string;
  ws: string;
  persist: string;
  stop(): Promise<void>;
}

/** A TCP port free on 127.0.0.1 now. */
export const freePort = () => new Promise<number>((res) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as { port: number };
    s.close(() => res(port));
  });
});

/**
 * The inspector port a benchmark asked for (`--port`), else a free one: a server left over from an
 * interrupted run may hold a fixed one, and its inspector would answer instead.
 */
export const portOr = async (named: string | undefined): Promise<number> => Number(named) || freePort();

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

/** Where the worker's V8 inspector answers on a server started with `inspectorPort` (workerd names
 * each of its workers; wrangler dev's proxy called it /ws). */
export const INSPECTOR_PATH = '/core:user:darkmoor';

/** Start the worker from wrangler.toml on a free port, its Durable Objects and D1 stored under
 * `persist` (and the client served from `assets`, where given, instead of web/dist; with V8's
 * inspector on `inspectorPort`, where given: bench/profile.ts; with everything the runtime prints,
 * the worker's own lines (with their level), workerd's stdout and stderr, and the isolate's uncaught
 * errors (level `uncaught`), handed line by line to `output`, where given: test/integration/quiet-edges.test.ts).
 *
 * Miniflare runs the worker directly, as wrangler dev runs it behind its local proxy: the same
 * options from wrangler.toml (`unstable_getMiniflareWorkerOptions`), the worker bundled by esbuild
 * as wrangler bundles it, the same state layout (`<persist>/v3`). Not through `wrangler dev`: its
 * proxy now and then lost its connection to the worker and answered a request with its own 500
 * ("Network connection lost"), which no test could tell from ours (docs/TESTING.md). */
export async function startServer(persist = tempState(), vars: Record<string, string> = {}, assets?: string, inspectorPort?: number,
  output?: (line: string, level: string) => void): Promise<Server> {
  // Uncaught errors reach `output` through the inspector, as wrangler dev hears them (watchUncaught).
  if (output && inspectorPort === undefined) inspectorPort = await freePort();
  // wrangler refuses a configuration whose assets folder is missing (web/dist before a build).
  if (!assets) mkdirSync('web/dist', { recursive: true });
  const { workerOptions, define, main } = unstable_getMiniflareWorkerOptions('wrangler.toml', undefined, assets ? { overrides: { assets: { directory: assets } } } : {});
  const out = mkdtempSync(join(tmpdir(), 'darkmoor-worker-'));
  await build({
    entryPoints: [main!], outfile: join(out, 'index.js'), bundle: true, format: 'esm', target: 'es2024',
    platform: 'neutral', conditions: ['workerd', 'worker', 'browser'], mainFields: ['browser', 'module', 'main'],
    external: ['cloudflare:*', 'node:*'], define, keepNames: false, logLevel: 'error',
  });
  const mf = new Miniflare({
    host: '127.0.0.1', port: 0, inspectorPort, cf: false, defaultPersistRoot: join(persist, 'v3'),
    log: new Log(LogLevel.ERROR),
    // The worker's own lines (worker/shared/log.ts) only where something failed, as wrangler dev
    // prints them at its log level "error": a passing run's output stays the tests'.
    handleStructuredLogs: ({ level, message }) => {
      if (output) output(message, level);
      else if (level === 'error') console.error(message);
    },
    ...(output ? { handleRuntimeStdio: (stdout: Readable, stderr: Readable) => {
      createInterface({ input: stdout }).on('line', (l) => output(l, 'stdout'));
      createInterface({ input: stderr }).on('line', (l) => output(l, 'stderr'));
    } } : {}),
    workers: [{
      ...(workerOptions as WorkerOptions),
      name: 'darkmoor',
      modules: true,
      modulesRoot: out,
      scriptPath: join(out, 'index.js'),
      bindings: { ...workerOptions.bindings, ...TEST_VARS, ...vars },
    }],
  });
  const http = (await mf.ready).origin;
  await migrate(await mf.getD1Database('DB'));
  const unwatch = output ? await watchUncaught(`ws://127.0.0.1:${inspectorPort}${INSPECTOR_PATH}`, (l) => output(l, 'uncaught')) : undefined;
  return {
    http,
    ws: http.replace(/^http/, 'ws'),
    persist,
    stop: async () => {
      unwatch?.();
      await mf.dispose();
      rmSync(out, { recursive: true, force: true });
    },
  };
}

/**
 * The isolate's uncaught errors, each handed to `out`, as wrangler dev reports them: workerd prints
 * none itself; wrangler hears them from the inspector (Runtime.exceptionThrown) and prints
 * "[ERROR] Uncaught …". Resolves once listening, to a stop.
 */
async function watchUncaught(url: string, out: (line: string) => void): Promise<() => void> {
  const cdp = await Cdp.open(url);
  cdp.on('Runtime.exceptionThrown', ({ exceptionDetails: d }: { exceptionDetails: { text: string; exception?: { description?: string } } }) => {
    out(`${d.text} ${d.exception?.description ?? ''}`.trim());
  });
  await cdp.send('Runtime.enable');
  return () => cdp.close();
}

/**
 * The D1 database's tables (migrations/), applied through the running worker's own binding and
 * recorded in wrangler's migrations table, as `wrangler d1 migrations apply` records them (and as
 * the worker tests' `applyD1Migrations` does): the same tables in a few milliseconds instead of the
 * 4 s of CPU a wrangler command takes to start. Applied ones are skipped.
 */
async function migrate(db: Awaited<ReturnType<Miniflare['getD1Database']>>): Promise<void> {
  await db.prepare(`CREATE TABLE IF NOT EXISTS d1_migrations (
    id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)`).run();
  const applied = new Set((await db.prepare('SELECT name FROM d1_migrations').all<{ name: string }>()).results.map((r) => r.name));
  for (const name of readdirSync('migrations').filter((f) => f.endsWith('.sql')).sort()) {
    if (applied.has(name)) continue;
    const queries = unstable_splitSqlQuery(readFileSync(join('migrations', name), 'utf8'));
    await db.batch([...queries.map((q) => db.prepare(q)), db.prepare('INSERT INTO d1_migrations (name) VALUES (?)').bind(name)]);
  }
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
