// The Web Worker that runs the bots in the browser, off the page's thread: the after-match
// analysis (shared/bots/analysis.ts, on the replay, everything public by then) and hints (the
// search bot on the seat's own view only: world.ts deals what the view has not shown at random).
import { analyse } from '../../../shared/bots/analysis';
import { DEFAULT_BUDGET, searchWith } from '../../../shared/bots/search';
import { botNonce, Keystream, type Action, type Setup } from '../../../shared/engine';
import type { View } from '../../../shared/engine';
import type { Request, Reply } from './messages';

const post = (r: Reply) => (self as unknown as Worker).postMessage(r);
// A hint's search has no time cap: the page waits for it, so it may look as far as a bot's budget allows.
const hintBot = searchWith({ ...DEFAULT_BUDGET, ms: 0 });

self.onmessage = (e: MessageEvent<Request>) => {
  const q = e.data;
  try {
    if (q.kind === 'analyse') {
      const result = analyse(q.setup as Setup, q.actions as Action[], {
        seats: q.seats, seed: q.seed, progress: (done, total) => post({ kind: 'progress', done, total }),
      });
      post({ kind: 'analysis', result });
    } else {
      const key = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('');
      const move = hintBot(q.view as unknown as View, new Keystream(key, botNonce(q.view.version, q.view.you ?? 0)));
      post({ kind: 'hint', version: q.view.version, move });
    }
  } catch (err) {
    post({ kind: 'error', message: (err as Error).message });
  }
};
