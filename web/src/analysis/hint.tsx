// The Hint button, in a match where every other seat is a bot: the search bot's choice for this
// decision, worked out in the bots' Web Worker (worker.ts, fetched on the first hint) from this
// seat's own view (the only thing the page holds), shown in words and marked on the table. The
// server is told first and counts it; no hint is worked out unless it could be told. Fetched apart
// (board/decision.tsx says when it shows): most tables have a person at another seat, and no hints.
import { signal } from '../signal';
import { useEffect } from 'preact/hooks';
import type { Move } from '../../../shared/engine/types';
import type { View } from '../../../shared/protocol/view';
import { cardName } from '../cards';
import { tellHint } from '../net';
import { startWorker, type Reply } from './messages';
import { Coach } from '../board/coach';

const hint = signal<{ version: number; move: Move | null; error?: string } | null>(null);
let worker: Worker | null = null;

function ask(v: View): void {
  if (!tellHint()) {
    hint.value = { version: v.version, move: null, error: 'not connected to the server; try again in a moment.' };
    return;
  }
  hint.value = { version: v.version, move: null };
  worker ??= startWorker();
  worker.onmessage = (e: MessageEvent<Reply>) => {
    const m = e.data;
    if (m.kind === 'hint' && m.version === hint.value?.version) hint.value = { version: m.version, move: m.move };
    else if (m.kind === 'error') hint.value = { version: v.version, move: null, error: m.message };
  };
  worker.postMessage({ kind: 'hint', view: v });
}

const words = (m: Move): string =>
  m.type === 'play' ? `play ${cardName(m.card)} at ${cardName(m.location)}` : m.option === 'none' ? 'decline' : `choose ${cardName(m.option)}`;

/** The ids a hint points at on the table (cards carry data-id). */
const ids = (m: Move): string[] => (m.type === 'play' ? [m.card, m.location] : [m.option]);

/** `mine`: the seat's own decision, not yet answered (the hint and its button show then); a lesson's coach shows throughout. */
export function HintBar({ v, mine = true }: { v: View; mine?: boolean }) {
  const h = hint.value?.version === v.version ? hint.value : null;
  const used = v.players[v.you!]?.hints ?? 0;
  const key = h?.move ? ids(h.move).join(' ') : '';
  // Mark the hinted cards with an attribute (board.css outlines it): the page's CSP allows no inline <style>.
  useEffect(() => {
    if (!key) return;
    const marked = key.split(' ').flatMap((id) => [...document.querySelectorAll(`.board [data-id="${CSS.escape(id)}"]`)]);
    for (const el of marked) el.setAttribute('data-hinted', '');
    return () => { for (const el of marked) el.removeAttribute('data-hinted'); };
  }, [key, v.version]);
  return (
    <>
    {v.lesson && <Coach v={v} ask={ask} />}
    {mine && <p class="hintbar" role="status">
      {!h && <button type="button" class="btn small" onClick={() => ask(v)}>Hint</button>}
      {h && !h.move && !h.error && 'Thinking about a hint…'}
      {h?.error && `No hint: ${h.error}`}
      {h?.move && <>Hint: the search bot would <b>{words(h.move)}</b>.</>}
      {/* Not in a lesson: its coach asks at every decision, and the server counts none (hand-over.ts). */}
      {!v.lesson && <>{' '}<span class="muted">Hints used: {used}</span></>}
    </p>}
    </>
  );
}
