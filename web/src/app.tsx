// The frame around every page: header with the connection state, the page for
// the current path, toasts and the card-detail panel.
import { DetailPanel } from './board/detail';
import { Lobby } from './lobby';
import { MatchPage } from './match';
import { ReplayPage } from './replay';
import { Link, route } from './router';
import { SoundToggle } from './sound';
import { conn, toasts } from './state';
import { useEffect, useState } from 'preact/hooks';

/** The rules page (with every card's full text) is its own chunk, fetched when first shown. */
function LazyRules() {
  const [R, setR] = useState<(() => preact.JSX.Element) | null>(null);
  useEffect(() => { void import('./rules').then((m) => setR(() => m.Rules)); }, []);
  return R ? <R /> : <main class="rules"><p class="muted">Loading the rules…</p></main>;
}

const CONN_TEXT = { idle: '', connecting: 'Connecting…', connected: 'Connected', reconnecting: 'Reconnecting…', offline: 'Offline' };

export function App() {
  const r = route.value;
  const c = conn.value;
  let page;
  if (r.page === 'lobby') page = <Lobby />;
  else if (r.page === 'rules') page = <LazyRules />;
  else if (r.page === 'replay') page = <ReplayPage key={r.id} id={r.id} />;
  else if (r.page === 'match' || r.page === 'watch') page = <MatchPage key={`${r.id}/${r.page}`} id={r.id} watch={r.page === 'watch'} />;
  else page = <main class="gate missing"><h1>Nothing here</h1><p>This page does not exist.</p><p class="links"><Link href="/" class="btn primary">Go to the lobby</Link></p></main>;
  return (
    <>
      <header class="top">
        <Link href="/" class="logo">Darkmoor<span class="long"> Online</span></Link>
        <nav>
          <Link href="/rules">Rules</Link>
          <SoundToggle />
          {c !== 'idle' && <span class={`conn ${c}`} role="status" data-conn={c}>{CONN_TEXT[c]}</span>}
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
