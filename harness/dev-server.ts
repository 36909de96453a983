// `wrangler dev` as its own process, as an operator runs it, with everything it prints kept: the
// worker's structured lines and whatever the runtime reports (uncaught errors included), for tests
// about what the server writes. In its own process group (setsid), so stopping it takes workerd too.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { applyMigrations, removeState, tempState, TEST_VARS } from './server';

export interface DevServer {
  http: string;
  ws: string;
  port: number;
  /** Everything printed so far, stdout and stderr, without colours. */
  output(): string;
  stop(): Promise<void>;
}

export const freePort = () => new Promise<number>((res) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as { port: number };
    s.close(() => res(port));
  });
});

// eslint-disable-next-line no-control-regex
const COLOURS = /\x1b\[[0-9;]*m/g;

/** Starts `wrangler dev` (TEST_VARS, then `vars`) on a free port with a fresh state directory, ready when /api/health answers. */
export async function startDevServer(vars: Record<string, string> = {}): Promise<DevServer> {
  const port = await freePort();
  const persist = tempState();
  applyMigrations(persist);
  const args = Object.entries({ ...TEST_VARS, ...vars }).flatMap(([k, v]) => ['--var', `${k}:${v}`]);
  const dev: ChildProcess = spawn('node_modules/.bin/wrangler', ['dev', '--ip', '127.0.0.1', '--port', String(port), '--persist-to', persist,
    '--inspector-port', '0', '--show-interactive-dev-session=false', ...args], {
    detached: true, stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
  });
  let text = '';
  dev.stdout!.on('data', (d: Buffer) => { text += d; });
  dev.stderr!.on('data', (d: Buffer) => { text += d; });
  const exited = new Promise<void>((res) => dev.once('exit', () => res()));
  const stop = async () => {
    try { process.kill(-dev.pid!, 'SIGTERM'); } catch { /* gone already */ }
    await exited;
    removeState(persist);
  };
  const http = `http://127.0.0.1:${port}`;
  for (const until = Date.now() + 90_000; Date.now() < until;) {
    try {
      if ((await fetch(`${http}/api/health`)).ok) return { http, ws: `ws://127.0.0.1:${port}`, port, output: () => text.replace(COLOURS, ''), stop };
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`wrangler dev did not come up within 90 s:\n${text}`);
}
