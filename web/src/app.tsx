// The frame around every page: header with the connection state, the page for
// the current path, toasts and the card-detail panel.
import { DetailPanel } from './board/detail';
import { Lobby } from './lobby';
import { MatchPage } from './match';
import { ReplayPage } from './replay';
import { Link, route } from './router';
import { Rules } from './rules';
import { conn, toasts } from './state';

const CONN_TEXT = { idle: '', connecting: 'Connecting…', connected: 'Connected', reconnecting: 'Reconnecting…', offline: 'Offline' };

export function App() {
  const r = route.value;
  const c = conn.value;
  let page;
  if (r.page === 'lobby') page = <Lobby />;
  else if (r.page === 'rules') page = <Rules />;
  else if (r.page === 'replay') page = <ReplayPage key={r.id} id={r.id} />;
  else if (r.page === 'match' || r.page === 'watch') page = <MatchPage key={`${r.id}/${r.page}`} id={r.id} watch={r.page === 'watch'} />;
  else page = <main><h1>Nothing here</h1><p><Link href="/">Go to the lobby</Link></p></main>;
  return (
    <>
      <header class="top">
        <Link href="/" class="logo">Darkmoor Online</Link>
        <nav>
          <Link href="/rules">Rules</Link>
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
