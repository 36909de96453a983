// Final scoring: minions in havens, locations, tokens and the total per seat.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { View } from '../../../shared/protocol/view';
import { BotTag, Mark } from '../seats';
import { LEARNED, set } from '../store';

/** `announce`: the match just ended before this player's eyes: bring the score into view and
 * focus (on a phone it appears far above the hand they were looking at). */
export function Score({ v, children, announce }: { v: View; children?: ComponentChildren; announce?: boolean }) {
  const head = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!announce || !head.current) return;
    if (head.current.getBoundingClientRect().top < 0) head.current.scrollIntoView({ block: 'start' });
    head.current.focus({ preventScroll: true });
  }, []);
  // The guided first match, played to its end: the landing page remembers it.
  useEffect(() => { if (v.lesson && v.you !== null) set(LEARNED, '1'); }, []);
  const r = v.result;
  if (!r) return null;
  const winner = v.players[r.winner];
  return (
    <section class="score" aria-label="Final score">
      <h2 ref={head} tabIndex={-1}>{r.winner === v.you ? 'You win!' : <><Mark seat={r.winner} /> {winner?.name ?? `Seat ${r.winner + 1}`} {winner && <BotTag kind={winner.kind} />} wins</>}</h2>
      {r.scores.filter((s) => s === r.scores[r.winner]).length > 1 && (
        <p>A tie at {r.scores[r.winner]}: the win goes to the tied player who would have taken the next turn.</p>
      )}
      {v.lesson && v.you !== null && (
        <p class="coach">That is a whole match: escaped minions, the locations won and the tokens make the score. You know the
          game now: play a friend, a quick match, or another bot.</p>
      )}
      <table>
        <thead>
          <tr><th scope="col">Player</th><th scope="col">Minions</th><th scope="col">Locations</th><th scope="col">Tokens</th><th scope="col">Total</th></tr>
        </thead>
        <tbody>
          {v.players.map((p) => {
            const b = r.breakdown[p.seat];
            return (
              <tr key={p.seat} class={p.seat === r.winner ? 'win' : ''}>
                <th scope="row"><Mark seat={p.seat} /> {p.name} <BotTag kind={p.kind} />{p.seat === r.winner ? ' (winner)' : ''}</th>
                <td>{b?.minions}</td><td>{b?.locations}</td><td>{b?.tokens}</td><td><b>{r.scores[p.seat]}</b></td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {/* Stand-in bots' moves, per person, so nobody mistakes a bot's game for theirs. */}
      {r.standInMoves?.some((n) => n > 0) && (
        <ul class="stand-in-moves">
          {v.players.map((p) => {
            const n = r.standInMoves![p.seat] ?? 0;
            return n > 0 && <li key={p.seat}>{n === 1 ? '1 move' : `${n} moves`} by a bot for {p.name}</li>;
          })}
        </ul>
      )}
      {/* Hints asked of the search bot, per person (the view's count; the hints themselves stay private). */}
      {v.players.some((p) => p.hints > 0) && (
        <ul class="hints-used">
          {v.players.map((p) => p.hints > 0 && <li key={p.seat}>{p.name} used {p.hints === 1 ? '1 hint' : `${p.hints} hints`}</li>)}
        </ul>
      )}
      {children}
    </section>
  );
}
