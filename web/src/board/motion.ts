// Motion that says what happened, FLIP style: the board's cards are measured before a new view
// is drawn and animated from there to where they are now (a play travels from the hand or its
// owner's seat to the horde, an escape from the horde to the haven, a draw arrives in the
// hand); defeated minions fade out where they stood, in red; a hero leaving shrinks toward the
// "Gone" list; a token pops where it lands.
// At most ~320 ms each, transforms and opacity only, so input and the server never wait; a new
// view first finishes whatever still runs, so a burst of bot moves plays in order and catches
// up. With prefers-reduced-motion: reduce nothing moves at all.
import type { View } from '../../../shared/protocol/view';

const MS = 320;
const reduce = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;

interface Seen { rect: DOMRect; el: Element; horde: string | null; tok: string }
let seen = new Map<string, Seen>();
let seenVersion = -1;
let running: Animation[] = [];

/** A board opened afresh (another match, a replay): its first view is a start, not news. */
export function resetMotion(): void {
  seenVersion = -1;
  seen = new Map();
}

const still = () => !reduce || reduce.matches;

function measure(): Map<string, Seen> {
  const out = new Map<string, Seen>();
  for (const el of document.querySelectorAll('.board [data-id]:not(.decision [data-id])')) {
    const id = (el as HTMLElement).dataset.id!;
    if (out.has(id)) continue;
    const rect = el.getBoundingClientRect();
    if (!rect.width) continue; // in a closed discard pile
    const tok = [...el.querySelectorAll<HTMLElement>('[data-tok]')].map((t) => t.dataset.tok).join(' ');
    out.set(id, { rect, el, horde: el.closest<HTMLElement>('.cell')?.dataset.at ?? null, tok });
  }
  return out;
}

/** Before drawing view `v` (in render): finish what runs, and measure the board as it stands. */
export function beforeDraw(v: View): void {
  // Nothing is measured before the first view: it is a start, not news (and the page loads sooner).
  if (still() || v.version === seenVersion || seenVersion < 0) return;
  for (const a of running) a.finish();
  running = [];
  seen = measure();
}

const go = (el: Element, frames: Keyframe[], opts: KeyframeAnimationOptions = {}) => {
  running.push(el.animate(frames, { duration: MS, easing: 'cubic-bezier(.2,.7,.3,1)', ...opts }));
};

/** A copy of a card fixed where it stood, to animate while the card itself is gone: hidden from
 * assistive tech, and no Tab stop either (it is a copy of a button). */
function ghostOf(o: Seen): HTMLElement {
  const ghost = o.el.cloneNode(true) as HTMLElement;
  ghost.classList.add('ghost');
  ghost.setAttribute('aria-hidden', 'true');
  ghost.inert = true;
  ghost.tabIndex = -1;
  ghost.removeAttribute('data-id');
  Object.assign(ghost.style, { position: 'fixed', left: `${o.rect.left}px`, top: `${o.rect.top}px`, width: `${o.rect.width}px`, height: `${o.rect.height}px`, margin: '0', pointerEvents: 'none', zIndex: '15' });
  document.body.append(ghost);
  return ghost;
}

/** A copy of a card that left, fixed where it stood, moving toward `to` (if on screen) as it fades. */
function leave(o: Seen, to: DOMRect | undefined): void {
  const ghost = ghostOf(o);
  const dx = to?.width ? to.left + to.width / 2 - (o.rect.left + o.rect.width / 2) : 0;
  const dy = to?.width ? to.top + to.height / 2 - (o.rect.top + o.rect.height / 2) : -o.rect.height / 4;
  const a = ghost.animate([
    { transform: 'none', opacity: 1 },
    { transform: `translate(${dx}px, ${dy}px) scale(.3)`, opacity: 0 },
  ], { duration: MS, easing: 'ease-in' });
  a.onfinish = a.oncancel = () => ghost.remove();
  running.push(a);
}

/** After drawing view `v` (in a layout effect): animate from what was measured to what is. */
export function afterDraw(v: View): void {
  if (still() || v.version === seenVersion) return;
  const first = seenVersion < 0 || !seen.size;
  seenVersion = v.version;
  if (first) return; // the page just opened: nothing happened before the player's eyes
  const now = measure();
  for (const [id, n] of now) {
    const o = seen.get(id);
    if (o) {
      const dx = o.rect.left + o.rect.width / 2 - (n.rect.left + n.rect.width / 2);
      const dy = o.rect.top + o.rect.height / 2 - (n.rect.top + n.rect.height / 2);
      if (Math.abs(dx) > 2 || Math.abs(dy) > 2) {
        const s = Math.min(3, o.rect.width / n.rect.width);
        go(n.el, [{ transform: `translate(${dx}px, ${dy}px) scale(${s})`, zIndex: 9 }, { transform: 'none', zIndex: 9 }]);
      }
      if (n.tok !== o.tok) for (const t of n.el.querySelectorAll('[data-tok]')) go(t, [{ transform: 'scale(2.2)', opacity: 0.2 }, { transform: 'none', opacity: 1 }]);
      continue;
    }
    // A new card here: from its owner's seat onto the table, or drawn into the hand.
    const seat = Number(id.split(':')[0]);
    const from = n.el.closest('.hand') ? null : document.querySelector(`.player[data-seat="${seat}"]`)?.getBoundingClientRect();
    if (from && from.width) {
      const dx = from.left + from.width / 2 - (n.rect.left + n.rect.width / 2);
      const dy = from.top + from.height / 2 - (n.rect.top + n.rect.height / 2);
      go(n.el, [{ transform: `translate(${dx}px, ${dy}px) scale(.5)`, opacity: 0.4 }, { transform: 'none', opacity: 1 }]);
    } else go(n.el, [{ transform: 'scale(.6)', opacity: 0 }, { transform: 'none', opacity: 1 }]); // drawn: it grows in place
  }
  // Minions that left a horde for no place on screen were defeated: they fade out where they stood.
  const hit = new Set<string>();
  for (const [id, o] of seen) {
    if (now.has(id)) continue;
    // A hero that attacked or was replaced leaves toward the "Gone" list (or just fades), in place of a ghost in red.
    if (o.el.matches('.herocard')) { leave(o, document.querySelector('.hero .gone button:last-of-type')?.getBoundingClientRect()); continue; }
    if (!o.horde) continue;
    hit.add(o.horde);
    const ghost = ghostOf(o);
    const a = ghost.animate([
      { transform: 'none', opacity: 1, boxShadow: '0 0 0 3px #ff5a4a' },
      { transform: 'translateY(-0.5rem) rotate(-6deg) scale(.85)', opacity: 0, boxShadow: '0 0 0 6px #ff5a4a00' },
    ], { duration: MS + 60, easing: 'ease-in' });
    a.onfinish = a.oncancel = () => ghost.remove();
    running.push(a);
  }
  // The attacked horde's location shakes once, in red.
  for (const at of hit) {
    const loc = document.querySelector(`.table .loc[data-id="${at}"]`);
    if (loc) go(loc, [{ transform: 'translateX(0)', boxShadow: '0 0 0 3px #ff5a4a' }, { transform: 'translateX(-4px)' }, { transform: 'translateX(4px)' }, { transform: 'none', boxShadow: '0 0 0 0 #ff5a4a00' }]);
  }
}
