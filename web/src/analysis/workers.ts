// The after-match analysis shared by a few Web Workers (worker.ts), one core each: every worker
// takes a share of each block of worlds (playout numbers) and of the search bot's choices. After
// each round the page adds up everyone's sums and asks all for more worlds where a swing is unsure
// (shared/bots/rounds.ts), then hands everyone's choices to all, and adds up the last sums
// (shared/bots/parts.ts `combine`): the same analysis as one worker doing all the worlds.
import type { Analysis } from '../../../shared/bots/analysis';
import { combine, tally, type AnalysisPart, type Better } from '../../../shared/bots/parts';
import { nextWorlds, PLAYOUTS } from '../../../shared/bots/rounds';
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
  const better: Better[] = [];
  const parts: AnalysisPart[] = [];
  // Replies to the round under way, and whether it is the decisions' (the last).
  let replies = 0;
  let pairing = false;
  workers.forEach((w, part) => {
    w.onmessage = (e: MessageEvent<Reply>) => {
      const m = e.data;
      if (m.kind === 'progress') {
        progress[part] = [m.done, m.total];
        on.progress(progress.reduce((x, p) => x + p[0]!, 0), progress.reduce((x, p) => x + p[1]!, 0));
      } else if (m.kind === 'better') {
        better.push(...m.better);
      } else if (m.kind === 'parts') {
        parts.push(...m.parts);
        if (++replies < K) return;
        replies = 0;
        try {
          // Every worker's 'better' came before its first 'parts': all the choices are in.
          const all = better.sort((a, b) => a.index - b.index);
          if (pairing) {
            stop();
            on.done(combine(parts, actions, all), performance.now() - t0);
            return;
          }
          const next = nextWorlds(tally(parts, actions.length + 1), PLAYOUTS);
          pairing = !next;
          for (const v of workers) v.postMessage(next ? { kind: 'grow', worlds: next } : { kind: 'pairs', better: all });
        } catch (err) {
          stop();
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
