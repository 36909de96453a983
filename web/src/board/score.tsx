// Final scoring: minions in havens, locations, tokens and the total per seat.
import type { ComponentChildren } from 'preact';
import type { View } from '../../../shared/protocol/view';
import { Mark } from '../seats';

export function Score({ v, children }: { v: View; children?: ComponentChildren }) {
  const r = v.result;
  if (!r) return null;
  const winner = v.players[r.winner];
  return (
    <section class="score" aria-label="Final score">
      <h2>{r.winner === v.you ? 'You win!' : <><Mark seat={r.winner} /> {winner?.name ?? `Seat ${r.winner + 1}`} wins</>}</h2>
      <table>
        <thead>
          <tr><th scope="col">Player</th><th scope="col">Minions</th><th scope="col">Locations</th><th scope="col">Tokens</th><th scope="col">Total</th></tr>
        </thead>
        <tbody>
          {v.players.map((p) => {
            const b = r.breakdown[p.seat];
            return (
              <tr key={p.seat} class={p.seat === r.winner ? 'win' : ''}>
                <th scope="row"><Mark seat={p.seat} /> {p.name}{p.seat === r.winner ? ' (winner)' : ''}</th>
                <td>{b?.minions}</td><td>{b?.locations}</td><td>{b?.tokens}</td><td><b>{r.scores[p.seat]}</b></td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {children}
    </section>
  );
}
