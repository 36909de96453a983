// A card's emblem: one symbol of the sprite (emblems.svg), which the browser fetches once and
// caches; every card only points into it.
import sprite from './emblems.svg?no-inline';

export const Emblem = ({ id, cls = 'em' }: { id: string; cls?: string }) => (
  <svg class={cls} viewBox="0 0 32 32" aria-hidden="true" focusable="false"><use href={`${sprite}#${id}`} /></svg>
);
