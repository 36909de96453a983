// Cards as the table shows them: minions (with their tokens), the hero, locations. Each face is
// drawn here: a frame by type, the card's emblem, peril and VP as badges, tokens as coins.
// A card that is one of your options is a highlighted button that answers it (its key number
// shows once keys are in use); any other card opens its full text.
import type { ComponentChildren } from 'preact';
import type { MinionView } from '../../../shared/engine/view';
import { Emblem } from '../art/emblem';
import { abilityText, hero as heroCard, minion, side } from '../cards';
import { KeyNum, keyName } from '../keys';
import { Mark, seatColour } from '../seats';
import { choices } from '../options';
import { detail, type Detail } from '../state';

/** While you have a decision, Tab goes through its options only: a card that is none is no Tab stop
 * (still clicked for its full text, and read by a screen reader where it stands). */
const offPath = () => (choices.value.live ? -1 : undefined);

interface Pickable {
  /** Highlighted as an option; clicking runs `onPick`. */
  opt?: boolean;
  /** Picked (a hand card waiting for its location). */
  sel?: boolean;
  onPick?: () => void;
  /** The option's key number (1-based; 10 is key 0). */
  n?: number;
}

/**
 * `spoken`: what the badges mean, read after the card's visible text (not instead of it, so
 * speech input can name a card by what it shows).
 */
function CardButton({ info, opt, sel, onPick, n, cls, spoken, title, style, children }: Pickable & {
  info: Detail; cls: string; spoken: string; title: string; style?: Record<string, string>; children: ComponentChildren;
}) {
  // Right-click or long-press opens the detail, also of a card that is an option (a click picks it).
  const show = () => { detail.value = info; };
  return (
    <button type="button" class={`card ${cls}${opt ? ' opt' : ''}${sel ? ' sel' : ''}`} style={style} tabIndex={opt ? undefined : offPath()}
      aria-pressed={sel} data-full={title} data-id={info.id} aria-keyshortcuts={opt ? keyName(n) : undefined}
      onClick={opt ? onPick : show} onContextMenu={(e) => { e.preventDefault(); show(); }}>
      {children}
      {opt && n ? <KeyNum n={n} /> : null}
      <span class="sr">{spoken}</span>
    </button>
  );
}

/**
 * A card's name, with a soft hyphen where the card's words (shared/engine/texts/) mark that a long compound word may break, so
 * a narrow column (four hordes on a phone) breaks "Shield-bearer", not "Shieldbeare|r", even
 * where the browser has no hyphenation dictionary. The hyphen is hidden from the accessible name.
 */
const Name = ({ text }: { text: string }) => (
  <span class="name">{text.split('|').flatMap((w, i) => (i ? [<span aria-hidden="true">{'\u00AD'}</span>, w] : w))}</span>
);

/** Tokens on a minion, as coins; `protected` as a shield. */
function Tokens({ on }: { on: MinionView }) {
  if (!on.vp && !on.peril && !on.protected) return null;
  return (
    <span class="tk">
      {on.vp ? <span class="tok tvp" data-tok={`vp${on.vp}`} title={`${on.vp} VP in tokens`}>+{on.vp}</span> : null}
      {on.peril ? <span class="tok tpe" data-tok={`pe${on.peril}`} title={`${on.peril} peril tokens`}>+{on.peril}</span> : null}
      {on.protected ? <span class="pro" title="protected: heroes skip it">protected</span> : null}
    </span>
  );
}

export function MinionCard({ id, on, ...p }: Pickable & { id: string; on?: MinionView }) {
  const m = minion(id);
  if (!m) return null;
  const c = m.card;
  const peril = on ? on.total : c.peril;
  const text = abilityText(c);
  return (
    <CardButton {...p} info={{ kind: 'minion', id }} cls={`minion t-${c.type}`} style={{ '--seat': seatColour(m.seat) }} title={`${c.name} (peril ${peril}, ${c.vp} VP${on?.vp ? `, +${on.vp} VP in tokens` : ''}${on?.peril ? `, +${on.peril} peril in tokens` : ''}${on?.protected ? ', protected' : ''}): ${text}`}
      spoken={`: ${c.type}, peril ${peril}, ${c.vp} VP${on?.vp ? `, ${on.vp} VP tokens` : ''}${on?.peril ? `, ${on.peril} peril tokens` : ''}.`}>
      <span class="nm"><Mark seat={m.seat} /> <Name text={c.shown} /></span>
      <span class={`badge pe${peril !== c.peril ? ' mod' : ''}`} title={`peril${peril !== c.peril ? ` now (printed ${c.peril})` : ''}`}>{peril}</span>
      <span class="mid"><Emblem id={c.id} cls="em art" />{on && <Tokens on={on} />}</span>
      <span class="badge vp" title="VP value">{c.vp}</span>
      <span class="tx"><span class="ty">{c.type}</span> {c.text || 'No ability.'}</span>
    </CardButton>
  );
}

/** `hot`: the hero would attack this horde (the engine's `qualifies`: peril at the threshold, or a hero's own rule). */
export function LocationCard({ id, peril, threshold, hot = false, ...p }: Pickable & {
  id: string; peril?: number; threshold?: number | null; hot?: boolean;
}) {
  const s = side(id);
  if (!s) return null;
  const full = threshold ? Math.min(1, (peril ?? 0) / threshold) : 0;
  return (
    <CardButton {...p} info={{ kind: 'location', id }} cls="loc" title={`${s.name} (${s.vp} VP): ${abilityText(s)}`}
      spoken={`: ${s.vp} VP${peril !== undefined ? `, horde peril ${peril}${threshold != null ? ` of ${threshold}` : ''}` : ''}${hot ? ', the hero would attack it' : ''}.`}>
      <span class="nm"><Name text={s.shown} /></span>
      <span class="badge vp" title="VP to whoever controls it at the end">{s.vp}</span>
      <Emblem id={s.id} cls="em art" />
      <span class="tx">{s.text ? abilityText(s) : 'No ability.'}</span>
      {peril !== undefined && (
        <span class={`meter${hot ? ' hot' : ''}`} title={`horde peril / hero threshold${hot ? ': the hero would attack it' : ''}`}>
          <span class="bar" style={{ width: `${full * 100}%` }} />
          <span class="val">{peril}{threshold != null ? ` / ${threshold}` : ''} peril{hot ? ' · attack!' : ''}</span>
        </span>
      )}
    </CardButton>
  );
}

export function HeroCard({ id, left, past }: { id: string | null; left: number; past: string[] }) {
  const h = id ? heroCard(id) : undefined;
  return (
    <div class="hero" aria-label="The hero">
      {h ? (
        <CardButton info={{ kind: 'hero', id: h.id }} cls="herocard" title={`${h.name} (attacks at ${h.threshold}): ${abilityText(h)}`}
          spoken={`: the hero, attacks a horde at ${h.threshold} peril.`}>
          <span class="nm"><Name text={h.shown} /></span>
          <span class="badge pe big" title="attacks a horde with this much peril">{h.threshold}</span>
          <Emblem id={h.id} cls="em art" />
          <span class="tx"><span class="ty">{h.heroType}</span> {h.text ? abilityText(h) : 'No ability.'}</span>
        </CardButton>
      ) : <div class="card herocard empty">No hero revealed</div>}
      <div class="deck" title="heroes still in the deck">
        <span class="backs" aria-hidden="true">{Array.from({ length: Math.min(left, 7) }, (_, i) => <span key={i} class="back" />)}</span>
        <span>{left ? `${left} more ${left === 1 ? 'hero' : 'heroes'} to come` : h ? 'The last hero' : 'No heroes left'}</span>
      </div>
      {past.length > 0 && (
        <p class="gone">Gone: {past.map((x) => (
          <button type="button" key={x} class="link" title={heroCard(x)?.name ?? x} onClick={() => { detail.value = { kind: 'hero', id: x }; }}>
            <Emblem id={x} /><span class="gn">{heroCard(x)?.name ?? x}</span>
          </button>
        ))}</p>
      )}
    </div>
  );
}

/** A minion in a haven, a discard pile or the score: a small tile (its name read out, and whole in a popover). */
export function Chip({ id, fresh }: { id: string; fresh?: boolean }) {
  const m = minion(id);
  if (!m) return null;
  return (
    <button type="button" class={`chip t-${m.card.type}${fresh ? ' fresh' : ''}`} style={{ '--seat': seatColour(m.seat) }} data-id={id} tabIndex={offPath()}
      data-full={`${m.card.name}: ${m.card.peril} peril, ${m.card.vp} VP`} onClick={() => { detail.value = { kind: 'minion', id }; }}>
      <Mark seat={m.seat} /><Emblem id={m.card.id} /><span class="cn">{m.card.name}</span>
      <span class="cp">{m.card.peril}</span><span class="sr"> peril, {m.card.vp} VP</span>
    </button>
  );
}
