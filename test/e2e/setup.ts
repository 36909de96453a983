// The browser tests' global setup: Chromium is looked for first, so a machine without one hears in
// one line how to get one before anything starts; then the client is built once and one server
// serves it to every browser test file (a file that needs other vars serves the same build from a
// server of its own: tv.test.ts), and one Chromium every file connects to. Started once instead of
// once a file: a build, a workerd and a Chromium each.
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { TestProject } from 'vitest/node';
import { launchShared } from '../../harness/browser';
import { findChromium } from '../../harness/chromium';
import { buildClient, serveClient } from '../../harness/page-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built client's folder, the shared server's address, and the shared Chromium's. */
    pages: { assets: string; http: string; chromium: string };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  findChromium();
  // npm test builds the client once for its two runs of browser files (scripts/test.ts), and removes it.
  const given = process.env.DARKMOOR_E2E_ASSETS;
  const assets = given ?? await buildClient();
  const [server, chromium] = await Promise.all([serveClient(assets), launchShared()]);
  project.provide('pages', { assets, http: server.http, chromium: chromium.wsEndpoint() });
  return async () => {
    await Promise.all([server.stop(), chromium.close()]);
    if (!given) rmSync(dirname(assets), { recursive: true, force: true });
  };
}
