// The Web Worker that runs the bots in the browser, off the page's thread: the after-match
// analysis (shared/bots/analysis.ts, on the replay, everything public by then) and hints
// (shared/bots/hint.ts: the search bot on the seat's own view, the only thing the page has).
import { analyse } from '../../../shared/bots/analysis';
import { hintFor } from '../../../shared/bots/hint';
import type { Action, Setup, View } from '../../../shared/engine';
import type { Request, Reply } from './messages';

const post = (r: Reply) => (self as unknown as Worker).postMessage(r);

self.onmessage = (e: MessageEvent<Request>) => {
  const q = e.data;
  try {
    if (q.kind === 'analyse') {
      const t0 = performance.now();
      const result = analyse(q.setup as Setup, q.actions as Action[], {
        seats: q.seats, seed: q.seed, progress: (done, total) => post({ kind: 'progress', done, total }),
      });
      post({ kind: 'analysis', result, ms: performance.now() - t0 });
    } else {
      // 256 bits from the CSPRNG: the hint's own randomness, known to nobody else.
      const key = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('');
      post({ kind: 'hint', version: q.view.version, move: hintFor(q.view as unknown as View, key) });
    }
  } catch (err) {
    post({ kind: 'error', message: (err as Error).message });
  }
};
