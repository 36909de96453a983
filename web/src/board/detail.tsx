// The full text of one card, a tap (or Enter) away from anywhere.
import { signal } from '../signal';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { Emblem } from '../art/emblem';
import { abilityText, hero, minion, side } from '../cards';
import { BotTag, Mark } from '../seats';
import { detail, shown } from '../state';

/** Every card's full text (shared/engine/texts/), fetched the first time a card is opened: the
 * same chunk the rules page loads, so it stays out of what a match page loads first. */
const fullTexts = signal<Readonly<Record<string, string>> | null>(null);
let asked = false;
function FullText({ id }: { id: string }) {
  if (!asked) { asked = true; void import('../../../shared/engine/texts').then((m) => { fullTexts.value = m.FULL_TEXT; }); }
  const t = fullTexts.value?.[id];
  return t ? <p class="full"><b>In full:</b> {t}</p> : null;
}

export function DetailPanel() {
  const d = detail.value;
  const close = useRef<HTMLButtonElement>(null);
  // Layout effect: focus and Escape are in place as soon as the panel is on screen, before a key can come.
  useLayoutEffect(() => {
    if (!d) return;
    const back = document.activeElement as HTMLElement | null;
    close.current?.focus();
    const esc = (e: KeyboardEvent) => { if (e.key === 'Escape') detail.value = null; };
    addEventListener('keydown', esc);
    return () => { removeEventListener('keydown', esc); back?.focus?.(); };
  }, [d]);
  if (!d) return null;
  let body: preact.ComponentChildren = null;
  if (d.kind === 'minion') {
    const m = minion(d.id);
    // On the table now: where, and what its card shows (peril with every modifier, tokens, protection).
    const v = shown.value;
    const at = v?.locations.find((l) => l.horde.some((x) => x.card === d.id));
    const on = at?.horde.find((x) => x.card === d.id);
    if (m) body = <>
      <h3><Mark seat={m.seat} /> <Emblem id={m.card.id} /> {m.card.name}</h3>
      <p>{m.card.type} · {m.card.peril} peril · {m.card.vp} VP · {v?.players[m.seat]?.name || `seat ${m.seat + 1}`}’s {v?.players[m.seat] && <BotTag kind={v.players[m.seat]!.kind} />}</p>
      {at && on && (
        <p>In the horde at {side(at.id)?.name}: {on.total} peril now{on.vp ? `, ${on.vp} VP in tokens` : ''}
          {on.peril ? `, ${on.peril} peril tokens` : ''}{on.protected ? ', protected from heroes' : ''}.</p>
      )}
      <p>{abilityText(m.card)}</p>
      <FullText id={m.card.id} />
    </>;
  } else if (d.kind === 'hero') {
    const h = hero(d.id);
    if (h) body = <>
      <h3><Emblem id={h.id} /> {h.name}</h3>
      <p>{h.heroType} · attacks a horde with {h.threshold} or more peril</p>
      <p>{abilityText(h)}</p>
      <FullText id={h.id} />
    </>;
  } else {
    const s = side(d.id);
    if (s) body = <>
      <h3><Emblem id={s.id} /> {s.name}</h3>
      <p>Location · {s.vp} VP at the end to {s.timing === 'scoring'
        ? 'the player who controls it by its scoring rule below'
        : 'the player whose minions in its haven have the most printed peril (a tie: no one)'}</p>
      <p>{abilityText(s)}</p>
      <FullText id={s.id} />
    </>;
  }
  return (
    <div class="detail" role="dialog" aria-label="Card details">
      {body}
      <button type="button" ref={close} onClick={() => { detail.value = null; }}>Close</button>
    </div>
  );
}
