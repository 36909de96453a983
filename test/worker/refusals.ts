// What the worker logs while a test runs: its structured `refused` lines (worker/shared/log.ts), and
// whether anything reached the worker's onError (it logs with console.error).
import { vi } from 'vitest';

export interface Logged { refused: Record<string, unknown>[]; errors: unknown[][]; stop(): void }

/** The worker runs in the tests' isolate, so its console is the tests' console. */
export function watchLogs(): Logged {
  const refused: Record<string, unknown>[] = [];
  const errors: unknown[][] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] !== 'string' || !args[0].startsWith('{')) return;
    const line = JSON.parse(args[0]) as Record<string, unknown>;
    if (line.event === 'refused') refused.push(line);
  });
  const error = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => { errors.push(args); });
  return { refused, errors, stop: () => { log.mockRestore(); error.mockRestore(); } };
}
