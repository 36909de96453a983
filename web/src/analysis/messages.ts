// What the page and the bots' Web Worker (worker.ts) say to each other.
import type { Analysis } from '../../../shared/bots/analysis';
import type { Action, Move } from '../../../shared/engine/types';
import type { ReplaySetup } from '../../../shared/protocol/http';
import type { View } from '../../../shared/protocol/view';

export type Request =
  | { kind: 'analyse'; setup: ReplaySetup; actions: Action[]; seats: number[]; seed: number }
  | { kind: 'hint'; view: View };

export type Reply =
  | { kind: 'progress'; done: number; total: number }
  | { kind: 'analysis'; result: Analysis; ms: number }
  | { kind: 'hint'; version: number; move: Move }
  | { kind: 'error'; message: string };

/** A new worker, its own chunk (Vite bundles the URL's module apart from the page's). */
export const startWorker = (): Worker => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
