// The landing page's view of GET /api/matches: one poll feeds both the public matches waiting
// for players and "Live now". It stops while the page is hidden and looks again at once when shown.
import { useEffect, useState } from 'preact/hooks';
import type { MatchList } from '../../shared/protocol/http';
import type { LiveSummary } from '../../shared/protocol/view';
import { listMatches } from './net';
import { Link } from './router';
import { toast } from './state';

/** How often the list is read while the page is seen (the server caches it a few seconds anyway). */
const POLL_MS = 10_000;

export function useMatchList(): { list: MatchList | null; refresh: (quiet?: boolean) => void } {
  const [list, setList] = useState<MatchList | null>(null);
  const refresh = (quiet = false) => {
    listMatches().then(setList, (e: Error) => {
      if (!quiet) toast(e.message);
      setList((l) => l ?? { matches: [], live: [] });
    });
  };
  useEffect(() => {
    let t: ReturnType<typeof setInterval> | null = null;
    const run = () => {
      if (t) clearInterval(t);
      t = null;
      if (document.visibilityState !== 'visible') return;
      refresh(true);
      t = setInterval(() => refresh(true), POLL_MS);
    };
    run();
    document.addEventListener('visibilitychange', run);
    return () => {
      document.removeEventListener('visibilitychange', run);
      if (t) clearInterval(t);
    };
  }, []);
  return { list, refresh };
}

const who = (m: LiveSummary) => m.players.map((p) => `${p.name}${p.bot ? ` (${p.level ?? ''} bot)` : ''}`).join(' vs ');

/** Public matches being played that anyone may watch: one click opens the spectator's view. */
export function LiveNow({ live }: { live: LiveSummary[] | undefined }) {
  return (
    <section class="panel" aria-label="Live now">
      <h2>Live now</h2>
      {!live ? <p class="muted">Loading…</p> : !live.length ? <p class="muted">Nobody is playing a public match right now.</p> : (
        <ul class="public live">
          {live.map((m) => (
            <li key={m.id}>
              <span>
                <span class="live-players">{m.players.map((p, i) => (
                  <span key={p.seat}>{i > 0 && ' vs '}{p.name}{p.bot && <span class="muted"> ({p.level} bot)</span>} <b>{p.vp}</b></span>
                ))}</span>
                <span class="muted"> · turn {m.turn} · {m.spectators} watching</span>
              </span>
              <Link href={`/m/${m.id}/watch`} class="btn" label={`Watch ${who(m)}`}>Watch</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
