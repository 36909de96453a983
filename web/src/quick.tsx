// The landing page's quick match: one click sits you at the next table of the chosen size with
// whoever else asks within the window (bots take the seats nobody came for). The wait is a socket
// to the queue (GET /api/quick/ws): it tells who has come and how long is left, and closing it
// (the Leave button, or leaving the page) takes you out of the queue.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { QueueMessage, QuickWaiting } from '../../shared/protocol/http';
import { navigate } from './router';
import { seatEpoch, toast } from './state';
import { loadPlayer, saveSeat } from './store';

/** How often the landing page asks who waits (the server caches the answer a couple of seconds): someone waits
 * 10 s at most, so a page learns of them with time left to join. */
const POLL_MS = 2_500;

/** A fresh ticket: 128 random bits, base64url (the queue's key for this request of ours). */
function newTicket(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...b)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** How many wait for each size of table, read while the page is seen. */
function useWaiting(): QuickWaiting['waiting'] | null {
  const [w, setW] = useState<QuickWaiting['waiting'] | null>(null);
  useEffect(() => {
    let t: ReturnType<typeof setInterval> | null = null;
    const read = () => fetch('/api/quick').then((r) => (r.ok ? r.json() : null)).then((j: QuickWaiting | null) => j && setW(j.waiting), () => undefined);
    const run = () => {
      if (t) clearInterval(t);
      t = null;
      if (document.visibilityState !== 'visible') return;
      read();
      t = setInterval(read, POLL_MS);
    };
    run();
    document.addEventListener('visibilitychange', run);
    return () => {
      document.removeEventListener('visibilitychange', run);
      if (t) clearInterval(t);
    };
  }, []);
  return w;
}

/** endsAt null: asked, the queue's first word not yet come. */
interface Waiting { players: number; names: string[]; endsAt: number | null }

/** The quick-match button with its size, and the wait once asked. `name()`: the usable name, or null. */
export function QuickPlay({ name, busy, children }: { name: () => string | null; busy: boolean; children?: preact.ComponentChildren }) {
  const counts = useWaiting();
  const [size, setSize] = useState(2);
  const [wait, setWait] = useState<Waiting | null>(null);
  const [now, setNow] = useState(Date.now());
  const sock = useRef<WebSocket | null>(null);
  const leave = () => {
    const ws = sock.current;
    sock.current = null;
    ws?.close(1000, 'left');
    setWait(null);
  };
  useEffect(() => () => sock.current?.close(1000, 'left'), []);
  useEffect(() => {
    if (!wait) return;
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, [!!wait]);
  const ask = () => {
    const n = name();
    if (!n) return;
    // Under the player's own name, their token (a browser's socket cannot send the header).
    const player = loadPlayer();
    const q = new URLSearchParams({ name: n, players: String(size), ticket: newTicket(), ...(player?.name === n ? { player: player.token } : {}) });
    const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/quick/ws?${q}`);
    sock.current = ws;
    setWait({ players: size, names: [], endsAt: null });
    ws.onmessage = (e) => {
      const m = JSON.parse(String(e.data)) as QueueMessage;
      if (m.type === 'queue') {
        // One reading of the clock for both: two could straddle a millisecond and show 11 s of a 10-s window.
        const at = Date.now();
        setNow(at);
        setWait({ players: m.players, names: m.names, endsAt: at + m.leftMs });
      } else {
        sock.current = null;
        saveSeat(m.id, { seat: m.seat, token: m.token });
        seatEpoch.value++;
        navigate(m.url);
      }
    };
    ws.onclose = () => {
      if (sock.current !== ws) return; // left, or seated
      sock.current = null;
      setWait(null);
      toast('The quick match could not start just now; try again in a moment.');
    };
  };
  const others = counts?.[String(size) as '2' | '3' | '4'] ?? 0;
  if (wait) {
    const left = wait.endsAt === null ? null : Math.max(0, Math.ceil((wait.endsAt - now) / 1000));
    return (
      <section class="quick-wait panel" aria-label="Quick match">
        <h2>Finding players for a {wait.players}-player table</h2>
        <p class="count">{left === null ? 'Joining the queue…' : <><span class="secs">{left}</span> s left; then bots take the empty seats.</>}</p>
        <div role="status" aria-live="polite">
          <p>Here so far ({wait.names.length} of {wait.players}):</p>
          <ul class="names">{wait.names.map((x) => <li key={x}>{x}</li>)}</ul>
        </div>
        <button type="button" onClick={leave}>Leave the queue</button>
      </section>
    );
  }
  return (
    <div class="quick-play">
      <button type="button" class="primary big" disabled={busy} onClick={ask}>
        {others > 0 ? `Play now with ${others} waiting` : 'Quick match'}
      </button>
      <label>Table
        <select value={size} onChange={(e) => setSize(Number(e.currentTarget.value))}>
          {[2, 3, 4].map((n) => <option key={n} value={n}>{n} players</option>)}
        </select>
      </label>
      <p class="muted hint">{others > 0
        ? `${others} ${others === 1 ? 'person waits' : 'people wait'} for a ${size}-player table.`
        : 'Nobody waits right now: whoever asks in the next 10 s joins you, bots take the other seats.'}</p>
      <div class="quick-more">{children}</div>
    </div>
  );
}
