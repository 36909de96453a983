// The real server for browser tests: the client built by Vite into its own
// folder (so other test projects reading web/dist are never disturbed), served
// with the worker in Miniflare (harness/server.ts) on a free port.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// No telemetry, no request to Cloudflare for request.cf data.
process.env.WRANGLER_SEND_METRICS = 'false';
process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';

export interface Server { http: string; stop(): Promise<void> }

/** The client built into a fresh temporary folder; returns the folder (remove it when done). */
export async function buildClient(): Promise<string> {
  const assets = join(mkdtempSync(join(tmpdir(), 'darkmoor-e2e-')), 'dist');
  // Vite and wrangler are loaded when used: a browser test file on the shared server needs neither.
  const { build } = await import('vite');
  await build({ configFile: 'web/vite.config.ts', logLevel: 'warn', build: { outDir: assets, emptyOutDir: true } });
  return assets;
}

/** The worker serving the client built in `assets`, with a state of its own (removed by `stop`).
 * `vars`: the server's vars beyond the test ones (a fast house match for /tv, say). */
export async function serveClient(assets: string, vars: Record<string, string> = {}): Promise<Server> {
  const { memoryState, startServer: startWorker } = await import('./server');
  const state = memoryState();
  const worker = await startWorker(state, vars, assets);
  return {
    http: worker.http,
    stop: async () => {
      await worker.stop();
      rmSync(state, { recursive: true, force: true });
    },
  };
}

/** Build the client and serve it: one server with a client of its own (built into `assets`). */
export async function startServer(vars: Record<string, string> = {}): Promise<Server & { assets: string }> {
  const assets = await buildClient();
  const server = await serveClient(assets, vars);
  return {
    http: server.http,
    assets,
    stop: async () => {
      await server.stop();
      rmSync(join(assets, '..'), { recursive: true, force: true });
    },
  };
}
