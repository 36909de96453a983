// Keeping a decision in reach. On a phone the table may be scrolled sideways or the page down
// (and on a wide screen the table's own panel may be scrolled)
// when a decision about the table arrives (a Griffin's place, a Trickster's targets): its first
// option is brought into view. And a player whose focus was lost (the button they pressed is
// gone, or the card they chose is no option now) gets it on the first option, so keyboard play
// goes on without a dozen Tabs.
import { useEffect } from 'preact/hooks';
import type { View } from '../../../shared/protocol/view';
import type { Choices } from '../options';

/** True if `el` lies outside the screen, under the phone's dock, or outside the table's scrolled view. */
function hidden(el: Element): boolean {
  const r = el.getBoundingClientRect();
  const dock = el.closest('.dock') ? null : document.querySelector('.dock');
  const bottom = dock && getComputedStyle(dock).position === 'sticky' ? dock.getBoundingClientRect().top : innerHeight;
  const wrap = el.closest('.tablewrap')?.getBoundingClientRect();
  return r.top < 0 || r.bottom > bottom || (!!wrap && (r.left < wrap.left || r.right > wrap.right || r.top < wrap.top || r.bottom > wrap.bottom));
}

/**
 * Focus that no longer helps: lost (the pressed button is gone), or left on a card of the board
 * that is no option now (the one just chosen). Never taken from anything else (the log, a menu).
 */
function stale(at: Element | null): boolean {
  if (!at || at === document.body) return true;
  return !!at.closest('.board') && at.matches('.card, .chip') && !at.matches('.opt');
}

/** The last input's kind on the page's root (`data-input`): focus handed to a card after a pointer's
 * move is drawn by the browser as if from the keys, and board.css then shows its ring, not its popover. */
if (typeof addEventListener === 'function') {
  const input = (kind: string) => () => { document.documentElement.dataset.input = kind; };
  addEventListener('pointerdown', input('pointer'), true);
  addEventListener('keydown', input('keys'), true);
}

export function useRevealDecision(v: View, c: Choices): void {
  const tableOptions = c.minions.size + c.slots.size + (c.locations.size && !c.hand.size ? c.locations.size : 0);
  useEffect(() => {
    if (!c.live) return;
    // The hand before the bar's buttons: Enter on a "you may" must not decline it by default.
    const first = tableOptions ? document.querySelector('.table .opt')
      : document.querySelector('.hand .opt') ?? document.querySelector('.decision .opt');
    if (!(first instanceof HTMLElement)) return;
    if (tableOptions && hidden(first)) first.scrollIntoView({ block: 'center', inline: 'center' });
    if (stale(document.activeElement)) first.focus({ preventScroll: true });
  }, [v.version, c.live]);
}
