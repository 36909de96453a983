// A player's page (/p/<id>): their name, ratings per table size, and finished matches newest first,
// each with who sat where, the places, when, and links to its replay and analysis; older ones a
// page at a time. Read from the server, so it follows the player to any browser.
import { useEffect, useState } from 'preact/hooks';
import type { MatchPlayer, PlayerMatch, PlayerProfile } from '../../shared/protocol/http';
import { readProfile } from './player';
import { Link } from './router';
import { loadPlayer } from './store';
import { YourData } from './your-data';

const ORDINAL = ['', '1st', '2nd', '3rd', '4th'];
const when = (at: number) => new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function PlayerPage({ id }: { id: string }) {
  const [p, setP] = useState<PlayerProfile | null | undefined>(undefined);
  const [more, setMore] = useState<PlayerMatch[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [err, setErr] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    readProfile(id).then((x) => { setP(x); setNext(x?.next ?? null); }, (e: Error) => setErr(e.message));
  }, [id]);
  const older = async () => {
    setBusy(true);
    try {
      const x = await readProfile(id, next);
      setMore((m) => [...m, ...(x?.matches ?? [])]);
      setNext(x?.next ?? null);
    } catch (e) {
      setErr((e as Error).message);
    }
    setBusy(false);
  };
  if (err) return <main class="gate"><h1>Player</h1><p>{err}</p><Link href="/" class="btn">Back to the lobby</Link></main>;
  if (p === undefined) return <main><p class="muted">Loading…</p></main>;
  if (p === null) return <main class="gate missing"><h1>No such player</h1><p>Nobody has this link, or they deleted themselves.</p><p class="links"><Link href="/" class="btn primary">Go to the lobby</Link></p></main>;
  const mine = loadPlayer()?.id === p.id;
  const matches = [...p.matches, ...more];
  return (
    <main class="profile">
      <h1>{p.name}{mine && <span class="muted"> (you)</span>}</h1>
      <section class="panel" aria-label="Ratings">
        <h2>Ratings <Link href="/leaderboard">Leaderboard</Link></h2>
        <table class="ratings">
          <thead><tr><th scope="col">Table</th><th scope="col">Rating</th><th scope="col">Games</th></tr></thead>
          <tbody>
            {(['2', '3', '4'] as const).map((size) => {
              const r = p.ratings[size];
              return (
                <tr key={size}>
                  <th scope="row">{size} players</th>
                  <td>{Math.round(r.rating)} <span class="muted">± {Math.round(r.rd)}</span>{r.provisional && <span class="tag">provisional</span>}</td>
                  <td>{r.games}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
      {mine && <YourData name={p.name} renamed={(name) => setP({ ...p, name })} />}
      <section class="panel" aria-label="Finished matches">
        <h2>Finished matches</h2>
        {!matches.length ? <p class="muted">None yet.{mine && ' Matches you finish under this name are listed here.'}</p> : (
          <ul class="public finished">
            {matches.map((m) => <Finished key={m.id} m={m} self={p.id} />)}
          </ul>
        )}
        {next && <button type="button" disabled={busy} onClick={older}>Older matches</button>}
      </section>
    </main>
  );
}

function Finished({ m, self }: { m: PlayerMatch; self: string }) {
  return (
    <li>
      <span>
        <b>{ORDINAL[m.place] ?? m.place}</b> of {m.players.length} · <time dateTime={new Date(m.at).toISOString()}>{when(m.at)}</time>
        {m.rating !== undefined && m.ratingChange !== undefined && (
          <span class="rating"> · rated: {m.rating} <span class={m.ratingChange < 0 ? 'down' : 'up'}>{m.ratingChange < 0 ? '−' : '+'}{Math.abs(m.ratingChange)}</span></span>
        )}
        <br />
        {m.players.map((x, i) => <span key={i}>{i > 0 && ', '}<Seat x={x} self={self} /></span>)}
      </span>
      <span class="links">
        <Link href={`/m/${m.id}/replay`} class="btn">Replay</Link>
        <Link href={`/m/${m.id}/analysis`} class="btn">Analysis</Link>
      </span>
    </li>
  );
}

/** A seat: its name (a link to its player's page, theirs but this one's own), and its place. */
function Seat({ x, self }: { x: MatchPlayer; self: string }) {
  const name = x.player && x.player !== self ? <Link href={`/p/${x.player}`}>{x.name}</Link> : x.name;
  return <>{name} <span class="muted">({ORDINAL[x.place] ?? x.place})</span></>;
}
