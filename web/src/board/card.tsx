// Cards as the table shows them: minions (with their tokens), the hero, locations.
// A card that is one of your options is a highlighted button that answers it;
// any other card opens its full text.
import type { ComponentChildren } from 'preact';
import type { MinionView } from '../../../shared/engine/view';
import { abilityText, hero as heroCard, minion, side } from '../cards';
import { Mark, seatColour } from '../seats';
import { detail, type Detail } from '../state';

interface Pickable {
  /** Highlighted as an option; clicking runs `onPick`. */
  opt?: boolean;
  /** Picked (a hand card waiting for its location). */
  sel?: boolean;
  onPick?: () => void;
}

/**
 * `spoken`: what the glyphs mean, read after the card's visible text (not instead of it, so
 * speech input can name a card by what it shows).
 */
function CardButton({ info, opt, sel, onPick, cls, spoken, title, style, children }: Pickable & {
  info: Detail; cls: string; spoken: string; title: string; style?: Record<string, string>; children: ComponentChildren;
}) {
  return (
    <button type="button" class={`card ${cls}${opt ? ' opt' : ''}${sel ? ' sel' : ''}`} style={style}
      aria-pressed={sel} title={title}
      onClick={opt ? onPick : () => { detail.value = info; }}>
      {children}
      <span class="sr">{spoken}</span>
    </button>
  );
}

export function MinionCard({ id, on, ...p }: Pickable & { id: string; on?: MinionView }) {
  const m = minion(id);
  if (!m) return null;
  const c = m.card;
  const peril = on ? on.total : c.peril;
  const text = abilityText(c);
  return (
    <CardButton {...p} info={{ kind: 'minion', id }} cls="minion" style={{ borderLeftColor: seatColour(m.seat) }} title={`${c.name}: ${text}`}
      spoken={`: peril ${peril}, ${c.vp} VP${on?.vp ? `, ${on.vp} VP tokens` : ''}${on?.peril ? `, ${on.peril} peril tokens` : ''}.`}>
      <span class="nm"><Mark seat={m.seat} /> {c.name}</span>
      <span class="st">
        <span class="ty">{c.type}</span>
        <span class={`pe${peril !== c.peril ? ' mod' : ''}`} title={`peril (printed ${c.peril})`}>{peril}⚔</span>
        <span class="vp" title="VP value">{c.vp}★</span>
      </span>
      <span class="tx">{c.text || 'No ability.'}</span>
      {on && (on.vp || on.peril || on.protected) ? (
        <span class="tk">
          {on.vp ? <span class="tvp" title="VP tokens">+{on.vp}★</span> : null}
          {on.peril ? <span class="tpe" title="peril tokens">+{on.peril}⚔</span> : null}
          {on.protected ? <span class="pro" title="protected from heroes">protected</span> : null}
        </span>
      ) : null}
    </CardButton>
  );
}

/** `hot`: the hero would attack this horde (the engine's `qualifies`: peril at the threshold, or a hero's own rule). */
export function LocationCard({ id, peril, threshold, hot = false, ...p }: Pickable & {
  id: string; peril?: number; threshold?: number | null; hot?: boolean;
}) {
  const s = side(id);
  if (!s) return null;
  return (
    <CardButton {...p} info={{ kind: 'location', id }} cls="loc" title={`${s.name} (${s.vp} VP): ${abilityText(s)}`}
      spoken={`: ${s.vp} VP${peril !== undefined ? `, horde peril ${peril}${threshold != null ? ` of ${threshold}` : ''}` : ''}${hot ? ', the hero would attack it' : ''}.`}>
      <span class="nm">{s.name} <span class="vp">{s.vp}★</span></span>
      <span class="tx">{s.text ? abilityText(s) : 'No ability.'}</span>
      {peril !== undefined && (
        <span class={`meter${hot ? ' hot' : ''}`} title={`horde peril / hero threshold${hot ? ': the hero would attack it' : ''}`}>
          {peril}{threshold != null ? ` / ${threshold}` : ''} ⚔
        </span>
      )}
    </CardButton>
  );
}

export function HeroCard({ id, left, past }: { id: string | null; left: number; past: string[] }) {
  const h = id ? heroCard(id) : undefined;
  return (
    <div class="hero">
      {h ? (
        <CardButton info={{ kind: 'hero', id: h.id }} cls="herocard" title={`${h.name} (attacks at ${h.threshold}): ${abilityText(h)}`}
          spoken={`: the hero, threshold ${h.threshold}.`}>
          <span class="nm">{h.name}</span>
          <span class="st"><span class="ty">{h.heroType}</span><span class="pe" title="peril threshold">attacks at {h.threshold}⚔</span></span>
          <span class="tx">{h.text ? abilityText(h) : 'No ability.'}</span>
        </CardButton>
      ) : <div class="card herocard empty">No hero revealed</div>}
      <span class="left">
        <span title="heroes still in the deck">{left ? `${left} more ${left === 1 ? 'hero' : 'heroes'} to come` : h ? 'The last hero' : 'No heroes left'}</span>
        {past.length > 0 && <><br />Gone: {past.map((h) => heroCard(h)?.name ?? h).join(', ')}</>}
      </span>
    </div>
  );
}

/** A minion in a haven, a discard pile or the score: one line. */
export function Chip({ id, fresh }: { id: string; fresh?: boolean }) {
  const m = minion(id);
  if (!m) return null;
  return (
    <button type="button" class={`chip${fresh ? ' fresh' : ''}`} style={{ borderLeftColor: seatColour(m.seat) }}
      title={`${m.card.name}: ${m.card.peril} peril, ${m.card.vp} VP`} onClick={() => { detail.value = { kind: 'minion', id }; }}>
      <span class="cn"><Mark seat={m.seat} /> {m.card.name}</span> <small>{m.card.peril}⚔ {m.card.vp}★</small>
    </button>
  );
}
