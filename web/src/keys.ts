// Playing by keys: key n answers the n-th option of the current decision (1-9, then 0 for the
// tenth); a decision of more than ten (a minion to choose among a crowded table, say) goes on
// with Shift: Shift+1 the eleventh … Shift+0 the twentieth (by the key's place, whatever the
// layout prints on it). Past twenty, Tab reaches every option (Tab stops are the options only).
// A play is two keys, the card and then its place; Escape drops a picked card. The numbers show
// on the options once a number key has been used.
import { computed, signal } from './signal';
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

/** Options a key answers: ten numbers, and ten more with Shift. */
const KEYED = 20;

/** The key of the n-th option (1-based) as aria-keyshortcuts names it, or undefined past twenty. */
export const keyName = (n: number | undefined): string | undefined =>
  !n || n > KEYED ? undefined : n > 10 ? `Shift+${(n - 10) % 10}` : String(n % 10);

/** The number on an option, once keys are in use (sighted keyboard players; screen readers get aria-keyshortcuts). */
export const KeyNum = ({ n }: { n: number }) =>
  keysUsed.value && n <= KEYED ? createElement('span', { class: `num${n > 10 ? ' shift' : ''}`, 'aria-hidden': 'true' }, n > 10 ? `⇧${(n - 10) % 10}` : String(n % 10)) : null;

addEventListener('keydown', (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
  const t = e.target as HTMLElement | null;
  if (t && (t.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName))) return;
  if (e.key === 'Escape') {
    // Escape closes an open card's details first (detail.tsx); only then does it drop the pick.
    if (!detail.value && picked.value) { picked.value = null; e.preventDefault(); }
    return;
  }
  // The digit by its key's place with Shift (Shift+1 types "!" on many layouts), else as typed (the number pad too).
  const digit = e.shiftKey ? /^Digit([0-9])$/.exec(e.code)?.[1] : /^[0-9]$/.test(e.key) ? e.key : undefined;
  if (digit === undefined || detail.value) return;
  const list = numbered.value;
  if (!list.length) return;
  keysUsed.value = true;
  const i = (digit === '0' ? 9 : Number(digit) - 1) + (e.shiftKey ? 10 : 0);
  const o = list[i];
  if (!o) return;
  e.preventDefault();
  o.run();
});
