import { render } from 'preact';
import { App } from './app';
import { openEarly, prefetchSummary } from './net';
import { route } from './router';
import { loadSeat } from './store';
import './styles.css';
import './board/board.css'; // after styles.css: the table's rules win where they meet

// A match link starts talking to the server before the first render: a seat's socket (its first
// view is the page's critical path; it takes over the one index.html opened, early.ts), else the
// summary the page asks for first.
const r = route.value;
const seat = r.page === 'match' ? loadSeat(r.id) : null;
if (r.page === 'match' || r.page === 'watch') {
  if (seat) openEarly(r.id, seat.token);
  else prefetchSummary(r.id);
}

const draw = () => render(<App />, document.getElementById('app')!);
// A seat's socket is taken over in a task partysocket has just queued: drawing after it lets a
// view that arrived already be the first thing drawn (one render, not an empty frame then the board).
if (seat) setTimeout(draw);
else draw();
