// Every browser test file uses the one server the global setup (setup.ts) started, or with `vars`
// a server of its own on the same build, and the process's one Chromium, whose contexts it closes
// after its last test.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { sharedBrowser } from '../../harness/browser';
import { serveClient, type Server } from '../../harness/page-server';

export function pageSuite(ready: (server: Server, browser: Browser) => void, vars?: Record<string, string>): void {
  let own: Server | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const pages = inject('pages');
    const shared: Server = { http: pages.http, stop: async () => {} };
    const [server, b] = await Promise.all([vars ? serveClient(pages.assets, vars).then((s) => (own = s)) : shared, sharedBrowser()]);
    browser = b;
    ready(server, browser);
  });
  afterAll(async () => {
    // Files run one at a time: whatever a test left open is this file's.
    await Promise.all(browser?.contexts().map((c) => c.close()) ?? []);
    await own?.stop();
  });
}

/** POST a JSON body to the test server and read its JSON answer (creating and joining matches). */
export const postJson = <T = any>(server: Server, path: string, body: unknown): Promise<T> => fetch(`${server.http}${path}`, {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
}).then((r) => r.json() as Promise<T>);
