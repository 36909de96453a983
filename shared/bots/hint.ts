// A hint: what the search bot would choose for the viewer's own decision. It takes the seat's
// view and nothing else (the type says so), and the search looks ahead only in worlds dealt
// from that view (world.ts), so a hint tells the seat nothing its view does not already hold.
// The browser's Web Worker (web/src/analysis/worker.ts) runs it; the key is the worker's own
// random bits, so the server never learns what the hint was.
import { botNonce, Keystream, type Move, type View } from '../engine';
import { DEFAULT_BUDGET, searchWith, type SearchBudget } from './search';

// No time cap: the person waits for the hint, so the search uses the whole of a bot's work budget
// and the result depends on the view and the key alone.
const search = searchWith({ ...DEFAULT_BUDGET, ms: 0 });

/** The search bot's choice for `v.you`'s pending decision; `key` is 64 hex digits of randomness. */
export function hintFor(v: View, key: string, budget?: SearchBudget): Move {
  if (v.you === null || v.pending?.seat !== v.you || !v.pending.options?.length) throw new Error('There is no decision of yours to hint at.');
  const bot = budget ? searchWith(budget) : search;
  return bot(v, new Keystream(key, botNonce(v.version, v.you)));
}
