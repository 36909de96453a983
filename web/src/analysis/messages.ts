// What the page and the bots' Web Worker (worker.ts) say to each other.
import type { AnalysisPart, Better } from '../../../shared/bots/parts';
import type { Action, Move } from '../../../shared/engine/types';
import type { ReplaySetup } from '../../../shared/protocol/http';
import type { View } from '../../../shared/protocol/view';

/**
 * The analysis is shared by `parts` workers (workers.ts): worker `part` finds the search bot's
 * choices at every `parts`-th judged decision and sends them ('better'), plays out every position
 * in its own share of the first worlds and sends its sums ('parts'). The page adds up everyone's
 * and asks for more worlds where a swing is unsure ('grow': each position's worlds, shared/bots/rounds.ts),
 * round after round; then hands all the choices to all ('pairs'), which play them out in their
 * worlds and send those sums ('parts').
 */
export type Request =
  | { kind: 'analyse'; setup: ReplaySetup; actions: Action[]; seats: number[]; seed: number; part: number; parts: number }
  | { kind: 'grow'; worlds: number[] }
  | { kind: 'pairs'; better: Better[] }
  | { kind: 'hint'; view: View };

export type Reply =
  | { kind: 'progress'; done: number; total: number }
  | { kind: 'better'; better: Better[] }
  | { kind: 'parts'; parts: AnalysisPart[] }
  | { kind: 'hint'; version: number; move: Move }
  | { kind: 'error'; message: string };

/** A new worker, its own chunk (Vite bundles the URL's module apart from the page's). */
export const startWorker = (): Worker => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
