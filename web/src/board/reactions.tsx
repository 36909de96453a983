// Reactions: a seated player's fixed phrases (shared/protocol/emotes.ts),
// shown for a few seconds as a bubble on the sender's seat; the spectators', as one
// small line for the whole crowd, away from the seats.
import { useState } from 'preact/hooks';
import { EMOTE_COOLDOWN_MS, EMOTE_IDS, EMOTE_TEXT } from '../../../shared/protocol/emotes';
import { react } from '../net';
import { crowdReaction, reactions } from '../state';

export function Bubble({ seat }: { seat: number }) {
  const r = reactions.value[seat];
  return r ? <span class="bubble" role="status" key={r.id}>{EMOTE_TEXT[r.emote]}</span> : null;
}

/** The crowd's latest reaction: always in the page (a live region must exist before it speaks), empty between. */
export function Crowd() {
  const r = crowdReaction.value;
  return <p class="crowd" role="status">{r && <span key={r.id}>A spectator: {EMOTE_TEXT[r.emote]}</span>}</p>;
}

/** The menu on your own seat. Resting for the cooldown after each, as the server would refuse. */
export function ReactMenu() {
  const [open, setOpen] = useState(false);
  const [resting, setResting] = useState(false);
  return (
    <div class="react" onKeyDown={(e) => { if (e.key === 'Escape') setOpen(false); }}>
      <button type="button" class="btn small" aria-expanded={open} disabled={resting} onClick={() => setOpen(!open)}>React</button>
      {open && (
        <div class="react-menu" role="group" aria-label="Reactions">
          {EMOTE_IDS.map((e) => (
            <button type="button" key={e} onClick={() => {
              setOpen(false);
              if (!react(e)) return;
              setResting(true);
              setTimeout(() => setResting(false), EMOTE_COOLDOWN_MS);
            }}>{EMOTE_TEXT[e]}</button>
          ))}
        </div>
      )}
    </div>
  );
}
