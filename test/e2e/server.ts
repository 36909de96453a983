// The real server for browser tests: the client built by Vite into its own
// folder (so other test projects reading web/dist are never disturbed), served
// with the worker by wrangler's unstable_startWorker on a free port.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { unstable_startWorker } from 'wrangler';
import { TEST_VARS } from '../integration/server';

// No telemetry, no request to Cloudflare for request.cf data.
process.env.WRANGLER_SEND_METRICS = 'false';
process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';

export interface Server { http: string; stop(): Promise<void> }

export async function startServer(): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), 'darkmoor-e2e-'));
  const assets = join(dir, 'dist');
  const persist = join(dir, 'state');
  await build({ configFile: 'web/vite.config.ts', logLevel: 'warn', build: { outDir: assets, emptyOutDir: true } });
  const worker = await unstable_startWorker({
    config: 'wrangler.toml',
    assets,
    bindings: Object.fromEntries(Object.entries(TEST_VARS).map(([k, value]) => [k, { type: 'plain_text' as const, value }])),
    dev: {
      server: { hostname: '127.0.0.1', port: 0 },
      inspector: false,
      remote: false,
      persist,
      watch: false,
      logLevel: 'error',
    },
  });
  await worker.ready;
  const url = await worker.url;
  return {
    http: url.origin,
    stop: async () => {
      await worker.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
