// The after-match analysis shared by a few Web Workers (worker.ts), one core each: every worker
// takes a range of the worlds (playout numbers) and a share of the search bot's choices; the page
// hands everyone's choices to all, then adds up their sums (shared/bots/parts.ts `combine`), the
// same analysis as one worker doing all the worlds.
import type { Analysis } from '../../../shared/bots/analysis';
import { combine, type AnalysisPart, type Better } from '../../../shared/bots/parts';
import type { Action } from '../../../shared/engine/types';
import type { ReplaySetup } from '../../../shared/protocol/http';
import { startWorker, type Reply } from './messages';

export interface Handlers {
  progress: (done: number, total: number) => void;
  done: (a: Analysis, ms: number) => void;
  failed: (message: string) => void;
}

/** Starts the analysis; returns what stops it (the workers end either way). */
export function analyseInWorkers(setup: ReplaySetup, actions: Action[], seats: number[], seed: number, on: Handlers): () => void {
  // More workers than cores would only take turns; 4 keep the page's own thread some room.
  const K = Math.max(1, Math.min(navigator.hardwareConcurrency || 2, 4));
  const t0 = performance.now();
  const workers = Array.from({ length: K }, startWorker);
  const stop = () => workers.forEach((w) => w.terminate());
  const progress = workers.map(() => [0, 0]);
  const better: Better[][] = [];
  const parts: AnalysisPart[] = [];
  workers.forEach((w, part) => {
    w.onmessage = (e: MessageEvent<Reply>) => {
      const m = e.data;
      if (m.kind === 'progress') {
        progress[part] = [m.done, m.total];
        on.progress(progress.reduce((x, p) => x + p[0]!, 0), progress.reduce((x, p) => x + p[1]!, 0));
      } else if (m.kind === 'better') {
        better.push(m.better);
        if (better.length === K) for (const v of workers) v.postMessage({ kind: 'better', better: better.flat() });
      } else if (m.kind === 'part') {
        parts.push(m.part);
        if (parts.length < K) return;
        stop();
        try {
          on.done(combine(parts, actions, better.flat().sort((a, b) => a.index - b.index)), performance.now() - t0);
        } catch (err) {
          on.failed((err as Error).message);
        }
      } else if (m.kind === 'error') {
        stop();
        on.failed(m.message);
      }
    };
    w.postMessage({ kind: 'analyse', setup, actions, seats, seed, part, parts: K });
  });
  return stop;
}
