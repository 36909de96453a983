// The browser tests' global setup: Chromium is looked for first, so a machine without one hears in
// one line how to get one before anything starts; then the client is built once and one server
// serves it to every browser test file (a file that needs other vars serves the same build from a
// server of its own: tv.test.ts). Started once instead of once a file: a build and a workerd each.
// (The one Chromium is the test process's: harness/browser.ts `sharedBrowser`.)
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { TestProject } from 'vitest/node';
import { findChromium } from '../../harness/chromium';
import { buildClient, serveClient } from '../../harness/page-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built client's folder and the shared server's address. */
    pages: { assets: string; http: string };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  findChromium();
  // npm test builds the client once for its two runs of browser files (scripts/test.ts), and removes it.
  const given = process.env.DARKMOOR_E2E_ASSETS;
  const assets = given ?? await buildClient();
  const server = await serveClient(assets);
  project.provide('pages', { assets, http: server.http });
  return async () => {
    await server.stop();
    if (!given) rmSync(dirname(assets), { recursive: true, force: true });
  };
}
