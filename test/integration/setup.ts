// The integration tests' one server (their global setup): every file but restart.test.ts, which
// stops and restarts its own on one state directory, plays on it, one file after another. Its
// state lives in memory (tmpfs) where there is one: unknown-ids.test.ts wakes 1,000 objects, each
// opening an SQLite file, and this VM's disk flush made that file take twice as long.
import type { TestProject } from 'vitest/node';
import { memoryState, removeState, startServer } from '../../harness/server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared server's addresses and its state directory. */
    server: { http: string; ws: string; persist: string };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startServer(memoryState());
  project.provide('server', { http: server.http, ws: server.ws, persist: server.persist });
  return async () => {
    await server.stop();
    removeState(server.persist);
  };
}
