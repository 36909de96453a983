import { render } from 'preact';
import { App } from './app';
import { openEarly, prefetchSummary } from './net';
import { route } from './router';
import { loadSeat } from './store';
import './styles.css';
import './board/board.css'; // after styles.css: the table's rules win where they meet

// A match link starts talking to the server before the first render: a seat's or a spectator's
// socket (its first view is the page's critical path; it takes over the one index.html opened,
// early.ts), and a spectator's summary (the watcher count, or that there is no such match).
const r = route.value;
const seat = r.page === 'match' ? loadSeat(r.id) : null;
const live = r.page === 'watch' ? r.id : seat && r.page === 'match' ? r.id : null;
// The invitation too (a match link with no seat here): it waits on the summary to say who invites.
if (r.page === 'watch' || (r.page === 'match' && !seat)) prefetchSummary(r.id);
if (live) openEarly(live, seat?.token ?? null);

const draw = () => render(<App />, document.getElementById('app')!);
// The socket is taken over in a task partysocket has just queued: drawing after it lets a view
// that arrived already be the first thing drawn (one render, not an empty frame then the board).
if (live) setTimeout(draw);
else draw();
