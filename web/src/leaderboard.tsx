// The leaderboard (/leaderboard, /leaderboard/3, /leaderboard/4): a table size's best rated players,
// provisional ratings marked, this browser's player picked out. Tabs are links, so each size has
// its own address and the back button walks them.
import { useEffect, useState } from 'preact/hooks';
import type { Leaderboard } from '../../shared/protocol/http';
import { SITE, usePageTitle } from './page-title';
import { me } from './player';
import { Link } from './router';

const SIZES = [2, 3, 4] as const;

export function LeaderboardPage({ size }: { size: 2 | 3 | 4 }) {
  const [board, setBoard] = useState<Leaderboard | null>(null);
  const [err, setErr] = useState<string | null>(null);
  useEffect(() => {
    fetch(`/api/leaderboard?players=${size}`)
      .then((r) => (r.ok ? r.json() as Promise<Leaderboard> : Promise.reject(new Error(`The server answered ${r.status}.`))))
      .then(setBoard, (e: Error) => setErr(e.message));
  }, [size]);
  const mine = me.value?.id;
  usePageTitle(`Leaderboard, ${size} players · ${SITE}`);
  return (
    <main class="profile leaderboard">
      <h1>Leaderboard</h1>
      <nav class="board-tabs" aria-label="Table size">
        {SIZES.map((n) => (
          <Link key={n} href={n === 2 ? '/leaderboard' : `/leaderboard/${n}`} class={`btn${n === size ? ' primary' : ''}`} current={n === size}>{n} players</Link>
        ))}
      </nav>
      <section class="panel" aria-label={`${size}-player tables`}>
        <p class="muted">Quick matches between identified players, and private matches their host made rated, count. A rating marked ? is provisional: under 10 rated games.</p>
        {err ? <p>{err}</p> : !board ? <p class="muted">Loading…</p> : !board.players.length ? <p class="muted">Nobody is rated at {size}-player tables yet.</p> : (
          <table class="ratings">
            <thead><tr><th scope="col" class="n">#</th><th scope="col">Player</th><th scope="col" class="n">Rating</th><th scope="col" class="n">Games</th></tr></thead>
            <tbody>
              {board.players.map((p, i) => (
                <tr key={p.id} class={p.id === mine ? 'own' : undefined}>
                  <td class="n">{i + 1}</td>
                  <th scope="row"><Link href={`/p/${p.id}`}>{p.name}</Link>{p.id === mine && <span class="tag">you</span>}</th>
                  <td class="n">{Math.round(p.rating)}{p.provisional ? '?' : ''} <span class="muted">± {Math.round(p.rd)}</span></td>
                  <td class="n">{p.games}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </main>
  );
}
