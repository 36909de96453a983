// A match link without a seat: the invitation. Who invites, to what (the game in two lines, the
// seats, the clock, about how long), how a turn goes, and one button; a name to join with that the
// table does not hold yet, so a clash never stops anyone sitting down.
import { useEffect, useRef, useState } from 'preact/hooks';
import { aboutMinutes, GAME_LINES, hostOf, linkTitle } from '../../shared/protocol/invitation';
import { tableTitle } from '../../shared/protocol/table-words';
import type { MatchSummary } from '../../shared/protocol/view';
import { ChosenDeal } from './chosen';
import { ensurePlayer, seatAnyway } from './player';
import { NoMatch } from './no-match';
import { prefilledName, takeSeatAs } from './join-name';
import { usableName } from './take-seat';
import { ApiError, getSummary } from './net';
import { usePageTitle } from './page-title';
import { Link } from './router';
import { TableRulesLine } from './rules-line';
import { BotTag, Mark } from './seats';
import { toast } from './state';
import { TurnPictures } from './turn-pictures';
import { get, LEARNED, loadPlayer } from './store';

/** A match link without a seat: the invitation, or (every seat taken) who plays and a way to watch. */
export function JoinGate({ id }: { id: string }) {
  const [s, setS] = useState<MatchSummary | null>(null);
  const [err, setErr] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  // Filled once the seats are known, with a name none of them has (the player's own, if free);
  // never changed once the person is in the field (a name arriving mid-typing would mix into theirs).
  const [name, setName] = useState<string | null>(null);
  const edited = useRef(false);
  // A first visit by a match link makes this browser's player too: joining under its name keeps the match.
  const [player, setPlayer] = useState(loadPlayer);
  useEffect(() => { void ensurePlayer().then(setPlayer); }, []);
  useEffect(() => { if (s && player && !edited.current) setName(prefilledName(s.seats)); }, [s, player]);
  const [busy, setBusy] = useState(false);
  // Why the server refused the join, shown by the form.
  const [refused, setRefused] = useState<string | null>(null);
  useEffect(() => {
    getSummary(id).then((x) => {
      setS(x);
      setName((n) => n ?? (edited.current ? n : prefilledName(x.seats)));
    }, (e: Error) => {
      if (e instanceof ApiError && e.code === 'not-found') setMissing(true);
      else setErr(e.message);
    });
  }, [id]);
  usePageTitle(s ? linkTitle(s) : null);
  if (missing) return <NoMatch id={id} />;
  if (err) return <main class="gate"><h1>This match could not be looked up</h1><p>{err}</p><Link href="/" class="btn">Back to the lobby</Link></main>;
  if (!s) return <main class="gate"><p class="muted">Looking up the match…</p></main>;
  const open = s.status === 'waiting' && s.seats.some((x) => x.kind === 'open');
  const host = hostOf(s.seats);
  const join = async (e: Event) => {
    e.preventDefault();
    const n = usableName(name ?? '');
    if (!n) return;
    setBusy(true);
    setRefused(null);
    try {
      const got = await seatAnyway(() => takeSeatAs(id, n));
      if (got === null) {
        toast('Every seat is taken now; you can watch.');
        setS(await getSummary(id));
      } else if (got !== n) toast(`Someone here is called “${n}” already: you sit as “${got}”.`, true);
    } catch (e2) {
      setRefused((e2 as Error).message);
    }
    setBusy(false);
  };
  const seats = (
    <ul class="seats invite-seats" aria-label="Seats">
      {s.seats.map((x) => (
        <li key={x.seat}><Mark seat={x.seat} /> {x.kind === 'open' ? <i>open seat</i> : x.name} <BotTag kind={x.kind} /></li>
      ))}
    </ul>
  );
  if (!open) {
    return (
      <main class="gate">
        <h1>{tableTitle(s.seats)}</h1>
        {seats}
        <p>{s.status === 'over' ? 'This match is over.' : 'Every seat is taken.'}</p>
        <p class="links">
          <Link href={`/m/${id}/watch`} class="btn primary">Watch</Link>
          {s.status === 'over' && <Link href={`/m/${id}/replay`} class="btn">Replay</Link>}
        </p>
      </main>
    );
  }
  return (
    <main class="gate invite">
      <header class="invite-head">
        <p class="kicker">An invitation</p>
        <h1>{host ? <><span class="host">{host}</span> invites you to play</> : 'A seat is open for you'}</h1>
        <p class="lede">{GAME_LINES[0]}<br />{GAME_LINES[1]}</p>
      </header>
      <section class="invite-facts" aria-label="The table">
        {seats}
        <p class="about">{s.players} players · about {aboutMinutes(s.seats, s.rules)} minutes</p>
        <TableRulesLine r={s.rules} />
        <ChosenDeal seeded={s.seeded} />
      </section>
      <form class="invite-form" onSubmit={join}>
        <label>Your name <input value={name ?? ''} maxLength={64} required autoComplete="nickname"
          aria-invalid={refused ? true : undefined} aria-describedby={refused ? 'join-refused' : undefined}
          onFocus={() => { edited.current = true; }}
          onInput={(e) => { edited.current = true; setName(e.currentTarget.value); setRefused(null); }} /></label>
        <button type="submit" class="primary big" disabled={busy}>Join the match</button>
        {refused && <p id="join-refused" class="refused" role="alert">{refused}</p>}
      </form>
      {get(LEARNED) !== '1' && (
        <p class="muted">New to the game? <a href="/learn" target="_blank" rel="noopener">Learn to play first</a> (a guided match
          against a bot, about five minutes; it opens beside this page).</p>
      )}
      <h2 class="turn-h">How a turn goes</h2>
      <TurnPictures />
      <p class="watch-instead muted">Rather look on first? <Link href={`/m/${id}/watch`}>Watch the table</Link> (no name needed).</p>
    </main>
  );
}
