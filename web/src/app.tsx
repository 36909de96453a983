// The frame around every page: header with the connection state, the page for
// the current path, toasts and the card-detail panel.
import { MatchPage } from './match';
import { Link, route } from './router';
import { SoundToggle } from './sound';
import { lazy, loadingPage } from './lazy';
import { conn, toasts } from './state';

// Pages other than the match are chunks of their own (the lobby, the rules with every card's full
// text, /tv, the replay, the analysis, a player's profile, the leaderboard), fetched when first shown.
const Lobby = lazy<Record<never, never>>(() => import('./lobby').then((m) => m.Lobby), loadingPage);
const LazyRules = lazy<Record<never, never>>(() => import('./rules').then((m) => m.Rules), loadingPage);
const AnalysisPage = lazy<{ id: string }>(() => import('./analysis/page').then((m) => m.AnalysisPage), loadingPage);
const TvPage = lazy<Record<never, never>>(() => import('./tv').then((m) => m.TvPage), loadingPage);
const PlayerPage = lazy<{ id: string }>(() => import('./profile').then((m) => m.PlayerPage), loadingPage);
const LeaderboardPage = lazy<{ size: 2 | 3 | 4 }>(() => import('./leaderboard').then((m) => m.LeaderboardPage), loadingPage);
const LearnPage = lazy<Record<never, never>>(() => import('./learn').then((m) => m.LearnPage), loadingPage);
const ReplayPage = lazy<{ id: string }>(() => import('./replay').then((m) => m.ReplayPage), loadingPage);
// A card's full text, opened by a click: fetched as the page starts, never waited for.
const DetailPanel = lazy<Record<never, never>>(() => import('./board/detail').then((m) => m.DetailPanel), () => <></>);

const CONN_TEXT = { idle: '', connecting: 'Connecting…', connected: 'Connected', reconnecting: 'Reconnecting…', offline: 'Offline' };

export function App() {
  const r = route.value;
  const c = conn.value;
  let page;
  if (r.page === 'lobby') page = <Lobby />;
  else if (r.page === 'rules') page = <LazyRules />;
  else if (r.page === 'analysis') page = <AnalysisPage key={r.id} id={r.id} />;
  else if (r.page === 'tv') page = <TvPage />;
  else if (r.page === 'learn') page = <LearnPage />;
  else if (r.page === 'player') page = <PlayerPage key={r.id} id={r.id} />;
  else if (r.page === 'leaderboard') page = <LeaderboardPage key={r.size} size={r.size} />;
  else if (r.page === 'replay') page = <ReplayPage key={r.id} id={r.id} />;
  else if (r.page === 'match' || r.page === 'watch') page = <MatchPage key={`${r.id}/${r.page}`} id={r.id} watch={r.page === 'watch'} />;
  else page = <main class="gate missing"><h1>Nothing here</h1><p>This page does not exist.</p><p class="links"><Link href="/" class="btn primary">Go to the lobby</Link></p></main>;
  return (
    <>
      <header class="top">
        <Link href="/" class="logo">Darkmoor<span class="long"> Online</span></Link>
        <nav>
          <Link href="/tv">TV</Link>
          <Link href="/rules">Rules</Link>
          <SoundToggle />
          {/* On a narrow screen only its sign shows (the words are there for screen readers). */}
          {c !== 'idle' && <span class={`conn ${c}`} role="status" data-conn={c}><span class="ct">{CONN_TEXT[c]}</span></span>}
        </nav>
      </header>
      {page}
      <div class="toasts" role="alert" aria-live="assertive">
        {toasts.value.map((t) => <p key={t.id} class={`toast${t.ok ? ' ok' : ''}`}>{t.text}</p>)}
      </div>
      <DetailPanel />
    </>
  );
}
