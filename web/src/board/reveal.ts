// Keeping a decision in reach. On a phone the table may be scrolled sideways or the page down
// when a decision about the table arrives (a Griffin's place, a Trickster's targets): its first
// option is brought into view. And a player whose focus was lost (the button they pressed is
// gone) gets it back on the first option, so keyboard play goes on without a dozen Tabs.
import { useEffect } from 'preact/hooks';
import type { View } from '../../../shared/protocol/view';
import type { Choices } from '../options';

/** True if `el` lies outside the screen, under the sticky decision bar, or outside the table's scrolled view. */
function hidden(el: Element): boolean {
  const r = el.getBoundingClientRect();
  const bar = el.closest('.decision') ? 0 : document.querySelector('.decision')?.getBoundingClientRect().bottom ?? 0;
  const wrap = el.closest('.tablewrap')?.getBoundingClientRect();
  return r.top < bar || r.bottom > innerHeight || (!!wrap && (r.left < wrap.left || r.right > wrap.right));
}

export function useRevealDecision(v: View, c: Choices): void {
  const tableOptions = c.minions.size + c.slots.size + (c.locations.size && !c.hand.size ? c.locations.size : 0);
  useEffect(() => {
    if (!c.live) return;
    const first = tableOptions ? document.querySelector('.table .opt') : document.querySelector('.hand .opt, .decision .opt');
    if (!(first instanceof HTMLElement)) return;
    if (tableOptions && hidden(first)) first.scrollIntoView({ block: 'center', inline: 'center' });
    if (!document.activeElement || document.activeElement === document.body) first.focus({ preventScroll: true });
  }, [v.version, c.live]);
}
