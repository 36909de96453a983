// The decision in words: whose it is, the prompt, the picked card, a Decline
// button for "none", and buttons for options that have no place on the table.
import { useEffect, useRef } from 'preact/hooks';
import type { Move } from '../../../shared/engine/types';
import type { View } from '../../../shared/protocol/view';
import { abilityText, cardName, minion, side } from '../cards';
import { act, letBotPlay, takeBack } from '../net';
import { KeyNum, keyName, keyOf, keysUsed } from '../keys';
import { choices } from '../options';
import { Mark } from '../seats';
import { conn, picked, sentAt } from '../state';
import { LocationCard, MinionCard } from './card';
import { Clock } from './clock';
import { Recent } from './recent';
import { lazy } from '../lazy';

// Fetched when the table is drawn (board.tsx), long before a first play can ask for them.
export const ConfirmPlay = lazy<{ v: View }>(() => import('./confirm').then((m) => m.ConfirmPlay), () => <></>);
// Until its code is here, the bar's place is held by its button, unseen: the table keeps its size.
export const HintBar = lazy<{ v: View; mine?: boolean }>(() => import('../analysis/hint').then((m) => m.HintBar),
  () => <p class="hintbar" aria-hidden="true"><button type="button" class="btn small ghost" tabIndex={-1}>Hint</button></p>);

/** Hints only against bots: the server refuses them with another person at the table. */
const hintsAllowed = (v: View): boolean =>
  v.you !== null && !v.over && v.status === 'playing' && v.players.every((p) => p.seat === v.you || p.kind === 'bot');

export function Decision({ v }: { v: View }) {
  const p = v.pending;
  const c = choices.value;
  // A card picked from the hand: its locations come next, so the keyboard goes there.
  const acts = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (picked.value) acts.current?.querySelector<HTMLButtonElement>('button.opt')?.focus();
  }, [picked.value]);
  const mine = !!p && p.seat === v.you;
  // A connection that was there and went (a replay has none: 'idle').
  const lost = conn.value === 'offline' || conn.value === 'reconnecting';
  const me = v.you !== null ? v.players[v.you] : undefined;
  const standIn = me?.standIn ?? null;
  // Back from away (or from a clock that ran out): how many moves a bot made for you, until you move.
  const botMoves = !standIn && !v.over ? me?.botMoves ?? 0 : 0;
  // Another player has sat on their decision for the idle time (no clock): the others may let a bot play for them.
  const idle = p && !mine && v.you !== null && !v.over && v.players[p.seat]?.canStandIn ? v.players[p.seat]! : null;
  let text: preact.ComponentChildren;
  if (v.over) text = 'The match is over.';
  else if (v.status === 'waiting') text = 'Waiting for every seat to be taken…';
  else if (!p) text = 'Resolving…';
  else if (mine) text = picked.value ? `Now choose a location for your ${cardName(picked.value)}.` : p.prompt;
  else text = <><Mark seat={p.seat} /> {p.prompt}</>; // in words for onlookers: "Bea is choosing a minion to play."
  return (
    <section class={`decision${mine && !v.over ? ' mine' : ''}`} aria-label="Decision">
      <p class="prompt">
        {mine && !v.over && <b>Your move: </b>}
        {text}
        {v.clock && !v.over && <> <Clock clock={v.clock} mine={v.clock.seat === v.you} /></>}
      </p>
      {mine && <ConfirmPlay v={v} />}
      {v.status === 'playing' && <Recent v={v} />}
      {/* The sides still to choose after this one, so a side is chosen knowing what comes next. */}
      {p?.kind === 'choose-side' && v.sides.length > 1 && (
        <p class="hint">Then: {v.sides.slice(1).map(([a, b]) => `${cardName(a)} or ${cardName(b)}`).join('; ')}.</p>
      )}
      {mine && sentAt.value === v.version && <p class="hint">Sent…</p>}
      {hintsAllowed(v) && (v.lesson || (mine && sentAt.value !== v.version)) && <HintBar v={v} mine={mine && sentAt.value !== v.version} />}
      {mine && !v.over && standIn && conn.value === 'connected' && (
        <p class="hint warn" role="status">
          A bot ({standIn}) is moving for you since you were away or the other players handed it your seat; it plays
          this move unless you do. <button type="button" class="btn small" onClick={takeBack}>Take my seat back</button>
        </p>
      )}
      {botMoves > 0 && (
        <p class="hint warn" role="status">A bot made {botMoves === 1 ? 'a move' : `${botMoves} moves`} for you while you were away or out of time; the log marks them.</p>
      )}
      {idle && (
        <p class="hint" role="status">
          {idle.name} has not moved for a while. <button type="button" class="btn small" onClick={() => letBotPlay(idle.seat)}>Let a bot play for {idle.name}</button>
        </p>
      )}
      {lost && !v.over && v.status === 'playing' && (
        <p class="hint warn" role={mine ? 'alert' : 'status'}>{conn.value === 'offline' ? 'You are offline' : 'Reconnecting'}: {mine
          ? `your move can be sent once the connection is back${v.clock ? ', and if the clock runs out first a bot plays it for you' : ''}.`
          : 'this may be out of date; it catches up once the connection is back.'}</p>
      )}
      {picked.value && c.live && <p class="hint ability">{abilityText(minion(picked.value)!.card)}</p>}
      {c.live && !picked.value && <p class="hint">{[...c.hand.values()].includes(null)
        ? 'Pick a highlighted card in your hand, then a location.'
        : `Your choices are highlighted${c.hand.size ? ', in your hand too' : ''}.`}</p>}
      <div class="acts" ref={acts}>
        {/* Locations to choose are buttons here too, whatever the decision (a picked card's, a
            Familiar's second card's): on a phone the table's may be off screen. */}
        {c.live && [...c.locations].map(([id, o]) => (
          <Opt key={id} id={`loc:${id}`} onClick={() => act(o)}>{cardName(id)}</Opt>
        ))}
        {picked.value && c.live && <button type="button" onClick={() => { picked.value = null; }} aria-keyshortcuts="Escape">Cancel{keysUsed.value && <span class="num key" aria-hidden="true">Esc</span>}</button>}
        {c.live && c.slotsAt && [...c.slots].map(([i, o]) => <Other key={i} o={o} places={c.slots.size} id={`slot:${i}`} />)}
        {c.decline && <Opt id="decline" cls="opt decline" onClick={() => act(c.decline!)}>Decline</Opt>}
        {c.other.map((o) => <Other key={JSON.stringify(o)} o={o} id={`other:${JSON.stringify(o)}`} />)}
      </div>
    </section>
  );
}

/** A button of the decision bar that answers option `id` (its key number shown once keys are in use). */
function Opt({ id, onClick, cls = 'opt', children }: { id: string; onClick: () => void; cls?: string; children: preact.ComponentChildren }) {
  const n = keyOf(id);
  return (
    <button type="button" class={cls} onClick={onClick} aria-keyshortcuts={keyName(n)}>
      {children}{n ? <KeyNum n={n} /> : null}
    </button>
  );
}

/** An option as a button of its own. `places`: how many places a Griffin's horde offers, when known, to name the back one. */
function Other({ o, places, id }: { o: Move; places?: number; id: string }) {
  const go = () => act(o);
  if (o.type === 'play') return null;
  const s = o.option;
  const n = keyOf(id);
  if (side(s)) return <LocationCard id={s} opt n={n} onPick={go} />;
  if (minion(s)) return <MinionCard id={s} opt n={n} onPick={go} />;
  const i = Number(s);
  const label = !/^\d+$/.test(s) ? s : i === 0 ? 'Front (0)' : i === (places ?? 0) - 1 ? `Back (${i})` : `Position ${i}`;
  return <Opt id={id} onClick={go}>{label}</Opt>;
}
