// Playing by keys: key n answers the n-th option of the current decision (1-9, then 0 for the
// tenth). A play is two keys, the card and then its place; Escape drops a picked card. The
// numbers show on the options once a number key has been used.
import { computed, signal } from '@preact/signals';
import { createElement } from 'preact';
import { act } from './net';
import { choices } from './options';
import { detail, picked, view } from './state';

/** A number key has been used on this page: show the numbers. */
export const keysUsed = signal(false);

interface Numbered { id: string; run: () => void }

/** The options in the decision's order: with a card picked, its places; else the hand, the
 * table's minions, locations, horde places, the rest, and Decline last. */
export const numbered = computed<Numbered[]>(() => {
  const c = choices.value;
  const v = view.value;
  if (!c.live || !v) return [];
  const out: Numbered[] = [];
  const p = picked.value;
  const locs = v.locations.map((l) => l.id).filter((id) => c.locations.has(id));
  if (p) {
    for (const id of locs) out.push({ id: `loc:${id}`, run: () => act(c.locations.get(id)!) });
    return out;
  }
  for (const [id, o] of c.hand) out.push({ id: `hand:${id}`, run: () => (o ? act(o) : void (picked.value = id)) });
  for (const [id, o] of c.minions) out.push({ id: `minion:${id}`, run: () => act(o) });
  for (const id of locs) out.push({ id: `loc:${id}`, run: () => act(c.locations.get(id)!) });
  if (c.slotsAt) for (const i of [...c.slots.keys()].sort((a, b) => a - b)) out.push({ id: `slot:${i}`, run: () => act(c.slots.get(i)!) });
  for (const o of c.other) out.push({ id: `other:${JSON.stringify(o)}`, run: () => act(o) });
  if (c.decline) { const d = c.decline; out.push({ id: 'decline', run: () => act(d) }); }
  return out;
});

const index = computed(() => new Map(numbered.value.map((x, i) => [x.id, i + 1])));
/** The key number (1-based) of an option, or undefined. */
export const keyOf = (id: string): number | undefined => index.value.get(id);

/** The number on an option, once keys are in use (sighted keyboard players; screen readers get aria-keyshortcuts). */
export const KeyNum = ({ n }: { n: number }) =>
  keysUsed.value && n <= 10 ? createElement('span', { class: 'num', 'aria-hidden': 'true' }, String(n % 10)) : null;

addEventListener('keydown', (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
  const t = e.target as HTMLElement | null;
  if (t && (t.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName))) return;
  if (e.key === 'Escape') {
    // Escape closes an open card's details first (detail.tsx); only then does it drop the pick.
    if (!detail.value && picked.value) { picked.value = null; e.preventDefault(); }
    return;
  }
  if (!/^[0-9]$/.test(e.key) || detail.value) return;
  const list = numbered.value;
  if (!list.length) return;
  keysUsed.value = true;
  const i = e.key === '0' ? 9 : Number(e.key) - 1;
  const o = list[i];
  if (!o) return;
  e.preventDefault();
  o.run();
});
