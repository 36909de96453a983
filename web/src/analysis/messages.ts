// What the page and the bots' Web Worker (worker.ts) say to each other.
import type { AnalysisPart, Better } from '../../../shared/bots/parts';
import type { Action, Move } from '../../../shared/engine/types';
import type { ReplaySetup } from '../../../shared/protocol/http';
import type { View } from '../../../shared/protocol/view';

/**
 * The analysis is shared by `parts` workers (workers.ts): worker `part` finds the search bot's
 * choices at every `parts`-th judged decision and sends them ('better'), values every position in
 * its own range of worlds, then, once given everyone's choices ('better'), plays them out in those
 * worlds and sends its sums ('part').
 */
export type Request =
  | { kind: 'analyse'; setup: ReplaySetup; actions: Action[]; seats: number[]; seed: number; part: number; parts: number }
  | { kind: 'better'; better: Better[] }
  | { kind: 'hint'; view: View };

export type Reply =
  | { kind: 'progress'; done: number; total: number }
  | { kind: 'better'; better: Better[] }
  | { kind: 'part'; part: AnalysisPart }
  | { kind: 'hint'; version: number; move: Move }
  | { kind: 'error'; message: string };

/** A new worker, its own chunk (Vite bundles the URL's module apart from the page's). */
export const startWorker = (): Worker => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
