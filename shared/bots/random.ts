// The `random` bot: uniform over the legal options of its own seat's view.
import type { Move, View } from '../engine';
import { below, type Rng } from '../engine';

export function randomBot(view: View, rng: Rng): Move {
  const options = view.pending?.options;
  if (!options?.length) throw new Error('randomBot: this view holds no decision of its own');
  return options[below(rng, options.length)]!;
}
