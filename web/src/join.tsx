// A match link without a seat: who sits there and by what rules, a name to join with, or watching.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { MatchSummary } from '../../shared/protocol/view';
import { ChosenDeal } from './chosen';
import { ensurePlayer, seatAnyway } from './player';
import { NoMatch } from './no-match';
import { takeSeat, usableName } from './take-seat';
import { ApiError, getSummary } from './net';
import { Link } from './router';
import { TableRulesLine } from './rules-line';
import { BotTag, Mark } from './seats';
import { toast } from './state';
import { loadName, loadPlayer } from './store';

/** A match link without a seat: ask for a name and join, or offer to watch. */
export function JoinGate({ id }: { id: string }) {
  const [s, setS] = useState<MatchSummary | null>(null);
  const [err, setErr] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  // The player's own name (their matches are kept under it), else the last one typed.
  const [name, setName] = useState(() => loadPlayer()?.name ?? loadName());
  const [busy, setBusy] = useState(false);
  const edited = useRef(false);
  // Why the server refused the join (a name someone at the table has, say), shown by the form.
  const [refused, setRefused] = useState<string | null>(null);
  useEffect(() => {
    // A first visit by a match link makes this browser's player too: joining under its name keeps the match.
    void ensurePlayer().then((p) => { if (p && !edited.current) setName(p.name); });
    getSummary(id).then(setS, (e: Error) => {
      if (e instanceof ApiError && e.code === 'not-found') setMissing(true);
      else setErr(e.message);
    });
  }, [id]);
  if (missing) return <NoMatch id={id} />;
  if (err) return <main class="gate"><h1>Match {id}</h1><p>{err}</p><Link href="/" class="btn">Back to the lobby</Link></main>;
  if (!s) return <main class="gate"><p class="muted">Looking up the match…</p></main>;
  const open = s.seats.some((x) => x.kind === 'open');
  const join = async (e: Event) => {
    e.preventDefault();
    const n = usableName(name);
    if (!n) return;
    setBusy(true);
    setRefused(null);
    try {
      if (!(await seatAnyway(() => takeSeat(id, n)))) {
        toast('Every seat is taken now; you can watch.');
        setS(await getSummary(id));
      }
    } catch (e2) {
      setRefused((e2 as Error).message);
    }
    setBusy(false);
  };
  return (
    <main class="gate">
      <h1>Match {id}</h1>
      <ChosenDeal seeded={s.seeded} />
      <TableRulesLine r={s.rules} />
      <ul class="seats">
        {s.seats.map((x) => (
          <li key={x.seat}><Mark seat={x.seat} /> {x.kind === 'open' ? <i>open seat</i> : x.name} <BotTag kind={x.kind} /></li>
        ))}
      </ul>
      {open && s.status === 'waiting' ? (
        <form onSubmit={join}>
          <label>Your name <input value={name} maxLength={64} required autoFocus
            aria-invalid={refused ? true : undefined} aria-describedby={refused ? 'join-refused' : undefined}
            onInput={(e) => { edited.current = true; setName(e.currentTarget.value); setRefused(null); }} /></label>
          <button type="submit" class="primary" disabled={busy}>Join the match</button>
          {refused && <p id="join-refused" class="refused" role="alert">{refused}</p>}
        </form>
      ) : <p>{s.status === 'over' ? 'This match is over.' : 'Every seat is taken.'}</p>}
      <p class="links">
        <Link href={`/m/${id}/watch`} class="btn">Watch{open ? ' instead' : ''}</Link>
        {s.status === 'over' && <Link href={`/m/${id}/replay`} class="btn">Replay</Link>}
      </p>
    </main>
  );
}
