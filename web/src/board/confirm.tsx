// Misclicks caught: with "Confirm plays" on (remembered; on by default on touch screens), a play
// is named in the decision bar ("Play the Dire Bear to the Sunken Crypt?") and sent only on
// "Play it" or Enter; Escape, "Cancel" or a tap anywhere else drops it. It waits only on this
// player: the server hears nothing until the confirm, so nobody else waits longer for it.
import { useEffect, useRef } from 'preact/hooks';
import type { View } from '../../../shared/protocol/view';
import { cardName } from '../cards';
import { act } from '../net';
import { confirming, confirmPlays } from '../state';
import { saveConfirmPlays } from '../store';

const cancel = () => { confirming.value = null; };

/** The question in the decision bar, while a play waits for it (a newer view drops it: the table changed). */
export function ConfirmPlay({ v }: { v: View }) {
  const c = confirming.value;
  const box = useRef<HTMLDivElement>(null);
  const live = !!c && c.version === v.version && v.pending?.seat === v.you;
  useEffect(() => {
    if (c && !live) cancel();
  }, [c, live]);
  useEffect(() => {
    if (!live) return;
    box.current?.querySelector<HTMLButtonElement>('button.primary')?.focus();
    // A tap or click anywhere but the question drops it (a tap on another place then asks anew).
    const away = (e: PointerEvent) => { if (!box.current?.contains(e.target as Node)) cancel(); };
    const esc = (e: KeyboardEvent) => { if (e.key === 'Escape') { cancel(); e.preventDefault(); } };
    addEventListener('pointerdown', away, true);
    addEventListener('keydown', esc, true);
    return () => { removeEventListener('pointerdown', away, true); removeEventListener('keydown', esc, true); };
  }, [live]);
  if (!live) return null;
  const { move } = c!;
  return (
    <div class="confirm" ref={box} role="group" aria-label="Confirm your play">
      <p>Play the <b>{cardName(move.card)}</b> to <b>{cardName(move.location)}</b>?</p>
      <button type="button" class="primary" onClick={() => act(move, true)}>Play it</button>
      <button type="button" onClick={cancel} aria-keyshortcuts="Escape">Cancel</button>
    </div>
  );
}

/** The remembered setting, beside the legend. */
export function ConfirmSetting() {
  return (
    <label class="check confirm-setting">
      <input type="checkbox" checked={confirmPlays.value} onChange={(e) => {
        confirmPlays.value = e.currentTarget.checked;
        saveConfirmPlays(confirmPlays.value);
        if (!confirmPlays.value) cancel();
      }} /> Confirm each play before it is sent
    </label>
  );
}
