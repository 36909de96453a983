// Every seat at a glance: held VP, hand, deck and discard, connection, whose turn.
import type { SeatRating, View } from '../../../shared/protocol/view';
import { useEffect, useRef } from 'preact/hooks';
import { Mark, seatColour } from '../seats';
import { takeBack } from '../net';
import { choosingSides } from '../options';
import { Chip } from './card';
import { Bubble, ReactMenu } from './reactions';

/** A name cut short is a Tab stop, and a tap's target on a touch screen: focused, its popover holds it whole. */
function markCut(b: HTMLElement): void {
  if (b.scrollWidth > b.clientWidth + 1) b.tabIndex = 0;
  else b.removeAttribute('tabindex');
}

export function Players({ v }: { v: View }) {
  const setup = choosingSides(v);
  const list = useRef<HTMLUListElement>(null);
  const names = v.players.map((p) => p.name).join('\n');
  // Each name measured when its box is laid out anew (a name, a tag beside it or the window
  // changed): a ResizeObserver reports after layout, so reading widths costs nothing. Read on every
  // view, they forced a layout each time: half the page's script time while bots played.
  useEffect(() => {
    const boxes = new ResizeObserver((seen) => { for (const s of seen) markCut(s.target as HTMLElement); });
    for (const b of list.current!.querySelectorAll('.who b[data-full]')) boxes.observe(b);
    return () => boxes.disconnect();
  }, [names]);
  return (
    <ul class="players" aria-label="Players" ref={list}>
      {v.players.map((p) => {
        const turn = !v.over && v.status === 'playing' && !setup && v.active === p.seat;
        const deciding = v.pending?.seat === p.seat;
        return (
          <li key={p.seat} data-seat={p.seat} class={`player${turn ? ' turn' : ''}${v.you === p.seat ? ' own' : ''}`} style={{ borderColor: turn ? seatColour(p.seat) : undefined }}>
            <div class="who">
              <Mark seat={p.seat} />
              <b data-full={p.name || undefined}>{p.name || 'Open seat'}</b>
              {p.rating && <Rated r={p.rating} />}
              {v.you === p.seat && <span class="tag">you</span>}
              {p.kind === 'bot' && <span class="tag">bot</span>}
              {p.kind === 'human' && !p.connected && <span class="tag off">away</span>}
              {p.standIn && <span class="tag stand-in" title="A bot plays this seat until its player is back">bot playing ({p.standIn})</span>}
              {turn && <span class="tag now">turn</span>}
              {deciding && !turn && <span class="tag now">deciding</span>}
              {v.you === p.seat && <ReactMenu />}
            </div>
            <Bubble seat={p.seat} />
            {v.status !== 'waiting' && !setup && <div class="nums">
              <span title="VP held (tokens and hero rewards)"><span class="badge vp sm">{p.vp}</span> held</span>
              <span>{p.handSize} in hand</span>
              <span>{p.deckSize} in deck</span>
            </div>}
            {/* While the stand-in decides for you, the decision bar offers this instead: one button at a time. */}
            {p.standIn && v.you === p.seat && (v.over || !deciding) && (
              <p class="take-back">A bot is playing for you. <button class="btn" onClick={takeBack}>Take my seat back</button></p>
            )}
            {p.discard.length > 0 && (
              <details class="discard">
                <summary>Discard ({p.discard.length})</summary>
                {p.discard.map((id) => <Chip key={id} id={id} />)}
              </details>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** A rated match: the seat's rating (`?` while provisional) and, once it is over, how far it moved. */
const Rated = ({ r }: { r: SeatRating }) => (
  <span class="rating" title={r.provisional ? 'Rating (provisional: under 10 rated games)' : 'Rating'}>
    {r.rating}{r.provisional && '?'}{r.change !== undefined && <span class={r.change < 0 ? 'down' : 'up'}> {r.change < 0 ? '−' : '+'}{Math.abs(r.change)}</span>}
  </span>
);
