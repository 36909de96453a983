// The Web Worker that runs the bots in the browser, off the page's thread: its share of the
// after-match analysis (shared/bots/analysis.ts on the replay, everything public by then; the
// page shares the worlds between a few workers and decides the rounds, workers.ts) and hints
// (shared/bots/hint.ts: the search bot on the seat's own view, the only thing the page has).
import { betterMoves, judged } from '../../../shared/bots/analysis';
import { hintFor } from '../../../shared/bots/hint';
import { PLAYOUTS } from '../../../shared/bots/playouts';
import { Share } from '../../../shared/bots/share';
import { positions, type Action, type Setup, type View } from '../../../shared/engine';
import type { Request, Reply } from './messages';

const post = (r: Reply) => (self as unknown as Worker).postMessage(r);

// The analysis under way: this worker's share of the worlds, and its progress.
let job: { share: Share; actions: Action[]; judged: number; done: number; total: number } | null = null;
const tick = () => post({ kind: 'progress', done: ++job!.done, total: job!.total });

function analyse(q: Extract<Request, { kind: 'analyse' }>): void {
  const actions = q.actions as Action[];
  const states = positions(q.setup as Setup, actions);
  const todo = judged(states, actions, q.seats);
  const mine = todo.filter((_, t) => t % q.parts === q.part);
  // The bot's choices first (each worker a share), so that the page has them all by the end of the first round.
  // Each position once a round it gains worlds in (the total grows with the rounds), each decision's pair once.
  job = { share: new Share(states, q.seed, PLAYOUTS, q.part, q.parts), actions, judged: todo.length, done: 0, total: mine.length + states.length + todo.length };
  post({ kind: 'progress', done: 0, total: job.total });
  post({ kind: 'better', better: betterMoves(states, actions, mine, { seats: q.seats, seed: q.seed }, tick) });
  post({ kind: 'parts', parts: job.share.grow(states.map(() => PLAYOUTS.playouts), tick) });
}

self.onmessage = (e: MessageEvent<Request>) => {
  const q = e.data;
  try {
    if (q.kind === 'analyse') analyse(q);
    else if (q.kind === 'grow') {
      job!.total += job!.share.growing(q.worlds);
      post({ kind: 'parts', parts: job!.share.grow(q.worlds, tick) });
    } else if (q.kind === 'pairs') {
      const parts = job!.share.pairs(job!.actions, q.better, tick);
      for (let k = q.better.length; k < job!.judged; k++) tick();
      post({ kind: 'parts', parts });
    } else {
      // 256 bits from the CSPRNG: the hint's own randomness, known to nobody else.
      const key = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('');
      post({ kind: 'hint', version: q.view.version, move: hintFor(q.view as unknown as View, key) });
    }
  } catch (err) {
    post({ kind: 'error', message: (err as Error).message });
  }
};
