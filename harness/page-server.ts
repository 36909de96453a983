// The real server for browser tests: the client built by Vite into its own
// folder (so other test projects reading web/dist are never disturbed), served
// with the worker by wrangler's unstable_startWorker on a free port.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { startServer as startWorker } from './server';

// No telemetry, no request to Cloudflare for request.cf data.
process.env.WRANGLER_SEND_METRICS = 'false';
process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';

export interface Server { http: string; stop(): Promise<void> }

/** `vars`: the server's vars beyond the test ones (a fast house match for /tv, say). */
export async function startServer(vars: Record<string, string> = {}): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), 'darkmoor-e2e-'));
  const assets = join(dir, 'dist');
  await build({ configFile: 'web/vite.config.ts', logLevel: 'warn', build: { outDir: assets, emptyOutDir: true } });
  const worker = await startWorker(join(dir, 'state'), vars, assets);
  return {
    http: worker.http,
    stop: async () => {
      await worker.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
