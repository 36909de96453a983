// Each browser test file runs one real server (the built client, the worker) and one Chromium
// for all its tests, started together and stopped after the last.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launch } from '../../harness/browser';
import { startServer, type Server } from '../../harness/page-server';

export function pageSuite(ready: (server: Server, browser: Browser) => void, vars: Record<string, string> = {}): void {
  let server: Server | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(vars), launch()]);
    ready(server, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
}

/** POST a JSON body to the test server and read its JSON answer (creating and joining matches). */
export const postJson = <T = any>(server: Server, path: string, body: unknown): Promise<T> => fetch(`${server.http}${path}`, {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
}).then((r) => r.json() as Promise<T>);
