// A match link: play your seat (token kept per match), join with a name, or
// watch. Also the rematch button and the links to share.
import { useEffect, useState } from 'preact/hooks';
import type { MatchSummary, View } from '../../shared/protocol/view';
import { Board } from './board/board';
import { ChosenDeal } from './chosen';
import { Crowd, ReactMenu } from './board/reactions';
import { ApiError, dropSeat, getSummary, openMatch, rematch } from './net';
import { lazy } from './lazy';
import { SITE, usePageTitle } from './page-title';
import { tableTitle } from '../../shared/protocol/table-words';
import { Link, navigate } from './router';
import { loadName, loadSeat, saveSeat } from './store';
import { conn, seatEpoch, toast, view, watchAs, watcherNames, watchers } from './state';

const linkTo = (path: string) => `${location.origin}${path}`;

export async function copy(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast('Link copied.', true);
  } catch {
    toast('Could not copy: select the link and copy it by hand.');
  }
}

// A spectator's name form is fetched as the page draws (a player's page never needs it); until then its
// summary stands where it will be, so nothing moves, and one opened early stays open when the form comes.
let nameOpened = false;
const ShowName = lazy<{ opened: () => boolean }>(() => import('./show-name').then((m) => m.ShowName),
  () => <details class="show-name" onToggle={(e) => { nameOpened = e.currentTarget.open; }}><summary class="btn small">Show my name</summary></details>);
const openedEarly = () => nameOpened;

// An unknown match's page: rare, so not in every page's JavaScript.
const NoMatch = lazy<{ id: string }>(() => import('./no-match').then((m) => m.NoMatch), () => <main class="gate missing" />);

// The join page is a chunk of its own: a seated player's page never needs it.
const JoinGate = lazy<{ id: string }>(() => import('./join').then((m) => m.JoinGate), () => <main class="gate"><p class="muted">Looking up the match…</p></main>);

export function MatchPage({ id, watch }: { id: string; watch: boolean }) {
  seatEpoch.value; // re-decide when a seat is taken or a token dropped
  const seat = watch ? null : loadSeat(id);
  if (!watch && !seat) return <JoinGate id={id} />;
  return <Live id={id} token={seat?.token ?? null} />;
}

/** The tab's title names who plays, and tells a player in another tab that it is their move. */
function titleOf(v: View): string {
  const news = v.over ? 'Match over · ' : v.status === 'waiting' ? 'Waiting for players · ' : v.pending?.seat === v.you ? '● Your move · ' : '';
  return `${news}${tableTitle(v.players)} · ${SITE}`;
}

function Live({ id, token }: { id: string; token: string | null }) {
  const summary = useSummary(id);
  const missing = summary === 'missing';
  // The socket does not wait for the summary: for an unknown or deleted match the server accepts
  // it and closes it with 4004, not a refused handshake (a console error); the page closes it too
  // once the summary says the match is missing.
  useEffect(() => { if (missing && token) saveSeat(id, null); }, [missing]); // a gone match's token is of no use
  // A spectator choosing to show a name reconnects with it.
  const as = token ? null : watchAs.value;
  useEffect(() => missing ? undefined : openMatch(id, token, () => dropSeat(id)), [id, token, missing, as]);
  const v = view.value;
  // The count comes with every message from the match; the summary gives it before the first one.
  const watching = watchers.value ?? (typeof summary === 'object' && summary ? summary.spectators : undefined);
  // Before the first view, the summary's seats name the table.
  const seats = v?.players ?? (typeof summary === 'object' && summary ? summary.seats : null);
  usePageTitle(v ? titleOf(v) : seats ? `${tableTitle(seats)} · ${SITE}` : null);
  if (missing) return <NoMatch id={id} />;
  const waiting = v?.status === 'waiting';
  const share = <Share id={id} playing={!!token} waiting={waiting} />;
  const spectating = <Spectating watching={watching} />;
  return (
    <main class={`match${waiting ? ' waiting' : ''}`}>
      <h1 class="sr">{token ? '' : 'Watching '}{seats ? tableTitle(seats) : 'a match'}</h1>
      {(waiting || !v) && share}
      {!token && (!v || waiting) && spectating}
      {(waiting || !v) && <ChosenDeal seeded={v?.seeded} />}
      <Crowd />
      {v ? <Board key={id} v={v} side={!waiting && <>{share}{!token && spectating}<ChosenDeal seeded={v.seeded} /></>} after={<AfterMatch id={id} token={token} />} />
        : <p class="muted">{conn.value === 'offline' ? 'Offline.' : 'Connecting to the match…'}</p>}
    </main>
  );
}

/** The match summary, once: an unknown match shows as such (its socket, closed with 4004, says nothing the page shows). Not polled:
 * every request wakes the match, and the spectator count arrives with each message from it. */
function useSummary(id: string): MatchSummary | 'missing' | 'unknown' | null {
  const [s, setS] = useState<MatchSummary | 'missing' | 'unknown' | null>(null);
  useEffect(() => {
    // Not found: no such match. Any other failure (offline, say): the socket tries anyway, and keeps trying.
    getSummary(id).then(setS, (e) => setS(e instanceof ApiError && e.code === 'not-found' ? 'missing' : 'unknown'));
  }, [id]);
  return s;
}

/** Who watches (the count, the names given), the spectators' reactions, and showing one's own name. */
function Spectating({ watching }: { watching: number | undefined }) {
  const names = watcherNames.value ?? [];
  const anonymous = watching !== undefined ? watching - names.length : 0;
  return (
    <section class="banner spectating" aria-label="Spectators">
      <p role="status">Spectating{watching !== undefined ? ` · ${watching} watching` : ''}</p>
      {/* One line, kept while nobody has given a name, so names coming and going move nothing. */}
      <p class="watchers">{names.length > 0 && <>Watching: {names.join(', ')}{anonymous > 0 ? ` and ${anonymous} more` : ''}</>}</p>
      <div class="links">
        <ReactMenu />
        <ShowName opened={openedEarly} />
      </div>
    </section>
  );
}

function Share({ id, playing, waiting }: { id: string; playing: boolean; waiting: boolean }) {
  // No "Watch" for a player: leaving the seat for the spectators' view would start a stand-in's clock.
  // "Play" for a spectator only where there is a seat to take, or this browser holds one.
  const play = !playing && (loadSeat(id) ? 'Back to my seat' : waiting ? 'Take a seat' : null);
  return (
    <div class={`share${waiting ? ' big' : ''}`}>
      {waiting && <p><b>Waiting for players.</b> Send this link to your friends:</p>}
      <div class="links">
        <button type="button" onClick={() => copy(linkTo(`/m/${id}`))}>Copy link</button>
        <button type="button" onClick={() => copy(linkTo(`/m/${id}/watch`))}>Copy watch link</button>
        {play && <Link href={`/m/${id}`}>{play}</Link>}
      </div>
      {waiting && <input class="url" readOnly value={linkTo(`/m/${id}`)} aria-label="Match link" onFocus={(e) => e.currentTarget.select()} />}
    </div>
  );
}

function AfterMatch({ id, token }: { id: string; token: string | null }) {
  const [busy, setBusy] = useState(false);
  // Taking a seat is the join pages' code: a player's table fetches it only once the match is over.
  useEffect(() => { if (token) void import('./take-seat'); }, [token]);
  const again = async () => {
    if (!token) return;
    setBusy(true);
    try {
      const [r, { takeSeat }] = await Promise.all([rematch(id, token), import('./take-seat')]);
      // The seat held for this one in the rematch (the old token claims it), so colours and turn
      // order stay as they were; under the same name, which the rematch keeps for its player.
      const mine = view.value?.you ?? undefined;
      const name = (mine !== undefined && view.value?.players[mine]?.name) || loadName();
      if (!loadSeat(r.id) && !(await takeSeat(r.id, name, mine, token))) toast('Every seat of the rematch is taken; you can watch it.');
      navigate(`/m/${r.id}`);
    } catch (e) {
      toast((e as Error).message);
      setBusy(false);
    }
  };
  // Someone asked for a rematch: everyone at the table is told, and may join it (or watch it).
  const next = view.value?.rematch;
  const label = !next ? 'Rematch' : loadSeat(next) ? 'Back to the rematch' : 'Join the rematch';
  return (
    <div class="after">
      {next && <p class="rematch" role="status">A rematch is ready.</p>}
      {token && <button type="button" class="primary" disabled={busy} onClick={again}>{label}</button>}
      {!token && next && <Link href={`/m/${next}/watch`} class="btn primary">Watch the rematch</Link>}
      {!token && next && <Link href={`/m/${next}`} class="btn">Take a seat in the rematch</Link>}
      <Link href={`/m/${id}/replay`} class="btn">Replay this match</Link>
      <Link href={`/m/${id}/analysis`} class="btn">Analysis</Link>
      <Link href="/" class="btn">New match</Link>
    </div>
  );
}
