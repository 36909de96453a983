// The landing page's public list: one list feeds both the public matches waiting for players and
// "Live now". Read once, then pushed by the server on every change (GET /api/lobby/ws); read again
// every 10 s only while that socket is down. Nothing runs while the page is hidden; shown again, it
// reads at once.
import { useEffect, useState } from 'preact/hooks';
import type { LobbyMessage, MatchList } from '../../shared/protocol/http';
import type { LiveSummary } from '../../shared/protocol/view';
import ReconnectingWebSocket from 'partysocket/ws';
import { listMatches } from './calls';
import { Link } from './router';
import { toast } from './state';

/** How often the list is read while the page is seen and its socket is down. */
const POLL_MS = 10_000;

/**
 * The public list pushed (GET /api/lobby/ws): `onList` hears it on connect and after every change.
 * Returns whether it is open now (the page polls while it is not) and how to close it.
 */
function openLobbyFeed(onList: (l: MatchList) => void): { live: () => boolean; close: () => void } {
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  const ws = new ReconnectingWebSocket(`${proto}://${location.host}/api/lobby/ws`, [], {
    minReconnectionDelay: 1000 + Math.random() * 2000, // spread many pages' retries
    maxReconnectionDelay: 30_000,
    maxEnqueuedMessages: 0,
    // Refused as one page too many (4009): the poll serves this page instead.
    shouldReconnectOnClose: (e) => e.code !== 4009,
  });
  ws.addEventListener('message', (e) => {
    const m = JSON.parse(String(e.data)) as LobbyMessage;
    if (m.type === 'list') onList({ matches: m.matches, live: m.live });
  });
  return { live: () => ws.readyState === WebSocket.OPEN, close: () => ws.close() };
}

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
    let feed: ReturnType<typeof openLobbyFeed> | null = null;
    const stop = () => {
      if (t) clearInterval(t);
      feed?.close();
      t = null;
      feed = null;
    };
    const run = () => {
      stop();
      if (document.visibilityState !== 'visible') return;
      refresh(true);
      feed = openLobbyFeed(setList);
      t = setInterval(() => { if (!feed?.live()) refresh(true); }, POLL_MS);
    };
    run();
    document.addEventListener('visibilitychange', run);
    return () => {
      document.removeEventListener('visibilitychange', run);
      stop();
    };
  }, []);
  return { list, refresh };
}

const who = (m: LiveSummary) => m.players.map((p) => `${p.name}${p.bot ? ` (${p.level ?? ''} bot)` : ''}`).join(' vs ');

/**
 * Public matches being played that anyone may watch: one click opens the spectator's view. The
 * last line is /tv, so the two never disagree: it shows the most watched of these, or, when there
 * is none, the site's own table of bots.
 */
export function LiveNow({ live }: { live: LiveSummary[] | undefined }) {
  return (
    <section class="panel" aria-label="Live now">
      <h2>Live now</h2>
      {!live ? <p class="muted">Loading…</p> : (
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
          <li class="tv-line">
            <span>
              <b>TV</b>
              <span class="muted">{live.length ? ' · follows the most watched of these' : ' · no public match between people right now: four bots play on the TV table'}</span>
            </span>
            <Link href="/tv" class="btn" label="Watch TV">Watch</Link>
          </li>
        </ul>
      )}
    </section>
  );
}
