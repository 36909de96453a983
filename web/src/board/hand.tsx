// Your hand. For `play`, pick a card here, then a location on the table.
import type { View } from '../../../shared/protocol/view';
import { act } from '../net';
import { choices, choosingSides } from '../options';
import { keyOf } from '../keys';
import { picked } from '../state';
import { MinionCard } from './card';

export function Hand({ v }: { v: View }) {
  const c = choices.value;
  const hand = v.hand ?? [];
  // A card on its way to the table stays in the hand until it lands: shown as the one being placed.
  const placing = v.pending?.card ?? null;
  return (
    <section class="handwrap" aria-label="Your hand">
      <h2 class="sr">Your hand</h2>
      {hand.length ? (
        <div class="hand">
          {hand.map((id) => {
            const o = c.hand.get(id);
            return (
              <MinionCard key={id} id={id} opt={o !== undefined} n={keyOf(`hand:${id}`)} sel={picked.value === id || placing === id}
                onPick={() => {
                  if (o) act(o);
                  else picked.value = picked.value === id ? null : id;
                }} />
            );
          })}
        </div>
      ) : <p class="muted">{choosingSides(v) ? 'Hands are dealt once the location sides are chosen.' : 'No cards in hand.'}</p>}
    </section>
  );
}
