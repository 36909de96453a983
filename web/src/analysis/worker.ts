// The Web Worker that runs the bots in the browser, off the page's thread: its part of the
// after-match analysis (shared/bots/analysis.ts on the replay, everything public by then; the
// page shares the worlds between a few workers, workers.ts) and hints (shared/bots/hint.ts: the
// search bot on the seat's own view, the only thing the page has).
import { betterMoves, judged, partOf, valued } from '../../../shared/bots/analysis';
import { hintFor } from '../../../shared/bots/hint';
import type { Better } from '../../../shared/bots/parts';
import { PLAYOUTS } from '../../../shared/bots/playouts';
import { positions, type Action, type Setup, type View } from '../../../shared/engine';
import type { Request, Reply } from './messages';

const post = (r: Reply) => (self as unknown as Worker).postMessage(r);

// Everyone's better moves, once the page has sent them; and what waits for them.
let better: Better[] | null = null;
let finish: (() => void) | null = null;

function analyse(q: Extract<Request, { kind: 'analyse' }>): void {
  const actions = q.actions as Action[];
  const states = positions(q.setup as Setup, actions);
  const opts = { seats: q.seats, seed: q.seed };
  const n = PLAYOUTS.playouts;
  const from = Math.floor((q.part * n) / q.parts);
  const to = Math.floor(((q.part + 1) * n) / q.parts);
  const todo = judged(states, actions, q.seats);
  const mine = todo.filter((_, t) => t % q.parts === q.part);
  // The bot's choices first (each worker a share), so that the others have them by the end of their positions.
  const total = mine.length + states.length + todo.length;
  let done = 0;
  const tick = () => post({ kind: 'progress', done: ++done, total });
  post({ kind: 'progress', done, total });
  post({ kind: 'better', better: betterMoves(states, actions, mine, opts, tick) });
  const won = valued(states, q.seed, PLAYOUTS, from, to, tick);
  finish = () => {
    const all = better!.sort((a, b) => a.index - b.index);
    const part = partOf(states, actions, won, all, q.seed, PLAYOUTS, from, to, tick);
    for (let k = all.length; k < todo.length; k++) tick();
    post({ kind: 'part', part });
  };
  if (better) finish();
}

self.onmessage = (e: MessageEvent<Request>) => {
  const q = e.data;
  try {
    if (q.kind === 'analyse') analyse(q);
    else if (q.kind === 'better') {
      better = q.better;
      finish?.();
    } else {
      // 256 bits from the CSPRNG: the hint's own randomness, known to nobody else.
      const key = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('');
      post({ kind: 'hint', version: q.view.version, move: hintFor(q.view as unknown as View, key) });
    }
  } catch (err) {
    post({ kind: 'error', message: (err as Error).message });
  }
};
