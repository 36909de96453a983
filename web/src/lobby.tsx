// The landing page: one click to play a bot, or a match with options, the public
// matches being played (live.tsx) and those waiting for players.
import { useEffect, useRef, useState } from 'preact/hooks';
import { CREATE_DEFAULTS, type BotLevel } from '../../shared/protocol/http';
import type { PlayerProfile } from '../../shared/protocol/http';
import type { MatchSummary } from '../../shared/protocol/view';
import { ensurePlayer, me, readProfile, seatAnyway } from './player';
import { takeSeat, usableName } from './take-seat';
import { createMatch, type CreateBody } from './calls';
import { ApiError, getSummary } from './net';
import { LiveNow, useMatchList } from './live';
import { Emblem } from './art/emblem';
import { Link, navigate } from './router';
import { QuickPlay } from './quick';
import { TableRulesLine } from './rules-line';
import { Mark, SeatNames } from './seats';
import { toast } from './state';
import { get, LEARNED, loadName, loadPrefs, savePrefs, saveSeat, seatedMatches } from './store';

type SeatChoice = 'person' | BotLevel;
interface Prefs {
  players: number; seats: SeatChoice[]; sides: 'random' | 'choose'; clock: number; public: boolean; watch: boolean; delay: number; takeover: BotLevel;
  rated?: boolean;
}
const DEFAULTS: Prefs = {
  players: 2, seats: ['person', 'greedy', 'greedy', 'greedy'], sides: 'random', clock: 0, public: false, watch: CREATE_DEFAULTS.watch,
  delay: CREATE_DEFAULTS.botDelayMs, takeover: CREATE_DEFAULTS.takeover,
};
const LEVELS: [SeatChoice, string][] = [['person', 'Person'], ['random', 'Bot: random'], ['greedy', 'Bot: greedy'], ['search', 'Bot: search']];
const CLOCKS: [number, string][] = [[0, 'No clock'], [30, '30 s'], [60, '1 min'], [120, '2 min'], [300, '5 min']];
const SPEEDS: [number, string][] = [[800, 'Bots: normal pace'], [300, 'Bots: quick'], [50, 'Bots: instant']];

/** A few of the cards' emblems over the title: minions of each type and a hero between them. */
const CREST: [string, string][] = [['dire-bear', 'beast'], ['sly-cutpurse', 'humanoid'], ['vampire-countess', 'undead'], ['sir-roderick', 'hero'], ['drifting-wraith', 'undead'], ['stalwart-shieldbearer', 'humanoid'], ['spotted-griffin', 'beast']];

/** Create, take the first open seat with the stored name, and go there. */
async function start(body: CreateBody): Promise<void> {
  const { id } = await createMatch(body);
  navigate((await seatAnyway(() => takeSeat(id))) ? `/m/${id}` : `/m/${id}/watch`);
}

export function Lobby() {
  const [prefs, setPrefs] = useState(() => loadPrefs(DEFAULTS));
  // Untouched, the name is the player's own (made on the first visit, perhaps after this page drew).
  const [typed, setName] = useState<string | null>(null);
  const name = typed ?? me.value?.name ?? loadName();
  // While the field has the focus its text is the person's: the player's name arriving then (a
  // moment after the first visit draws) would land under a selection and mix into what they type.
  // Left without a keystroke, it follows the player's name again.
  const untouched = useRef(false);
  const hold = () => {
    if (typed !== null) return;
    untouched.current = true;
    setName(name);
  };
  const release = () => {
    if (untouched.current) setName(null);
    untouched.current = false;
  };
  const [busy, setBusy] = useState(false);
  const put = (p: Partial<Prefs>) => {
    const next = { ...prefs, ...p };
    setPrefs(next);
    savePrefs(next);
  };
  const run = async (body: CreateBody) => {
    const n = usableName(name);
    if (!n) return;
    setBusy(true);
    try {
      await start(body);
    } catch (e) {
      toast((e as Error).message);
      setBusy(false);
    }
  };
  const firstPerson = prefs.seats.slice(0, prefs.players).indexOf('person');
  // Only a private table of people can be rated, and only an identified player can sit at it.
  const canRate = !prefs.public && me.value !== null && prefs.seats.slice(0, prefs.players).every((s) => s === 'person');
  const rated = canRate && prefs.rated === true;
  const bot = () => run({ players: 2, bots: { 1: prefs.seats[1] === 'person' ? 'greedy' : prefs.seats[1]! }, botDelayMs: prefs.delay });
  // The guided first match (learn.tsx deals it).
  const learn = () => navigate('/learn');
  const learned = get(LEARNED) === '1';
  // Seat 2 is a person's: the match page then shows the link to send.
  const friends = () => run({ players: 2, bots: {}, botDelayMs: prefs.delay });
  const custom = (e: Event) => {
    e.preventDefault();
    const bots: Record<string, BotLevel> = {};
    for (let s = 0; s < prefs.players; s++) if (prefs.seats[s] !== 'person') bots[s] = prefs.seats[s] as BotLevel;
    run({
      players: prefs.players, bots, public: prefs.public,
      // A public or rated match plays at the documented pace and stand-in (the server refuses others).
      ...(prefs.public ? { watch: prefs.watch } : rated ? { rated: true } : { botDelayMs: prefs.delay, takeover: prefs.takeover }),
      clock: prefs.clock || null, ...(prefs.sides === 'choose' ? { locations: 'choose' as const } : {}),
    });
  };
  return (
    <main class="lobby">
      <section class="hero-banner">
        <p class="crest" aria-hidden="true">
          {CREST.map(([id, t]) => <span key={id} class={`t-${t}`}><Emblem id={id} /></span>)}
        </p>
        <h1>Darkmoor Online</h1>
        <p>Lead your minions out of Capital City before the Legendary Heroes catch them. Play Retreat to Darkmoor against bots or friends, right in the browser.</p>
        <label class="name">Your name <input value={name} maxLength={64} aria-describedby="name-kept" onFocus={hold} onBlur={release}
          onInput={(e) => { untouched.current = false; setName(e.currentTarget.value); }} /></label>
        {/* Its line is there before the player is made (a moment after the first visit draws), so nothing below jumps. */}
        <p id="name-kept" class="muted hint">{!me.value ? '\u00a0' : me.value.name === name.trim()
          ? <>Your finished matches are kept under this name, on <Link href={`/p/${me.value.id}`}>your page</Link>.</>
          : <>Under another name than {me.value.name}, the match is not kept on your page.</>}</p>
        <p class="muted hint"><button type="button" class="link" disabled={busy} onClick={async () => {
          setBusy(true);
          const r = await (await import('./passkey')).signInWithPasskey();
          setBusy(false);
          if (typeof r === 'string') toast(r);
          else {
            setName(null);
            toast(`Welcome back, ${r.name}.`, true);
          }
        }}>I have played here before</button> (sign in with your passkey)</p>
        <QuickPlay name={() => usableName(name)} busy={busy}>
          <button type="button" disabled={busy} onClick={bot}>Play now against a bot</button>
          <button type="button" disabled={busy} onClick={friends}>Invite a friend</button>
        </QuickPlay>
        <p class="learn"><button type="button" disabled={busy} onClick={learn}>{learned ? 'Learn to play again' : 'New here? Learn to play'}</button>
          <span class="muted">{learned ? ' You finished the lesson ✓' : ' A guided match against a bot, about five minutes.'}</span></p>
        <p class="muted"><Link href="/rules">How to play</Link> · <Link href="/leaderboard">Leaderboard</Link></p>
      </section>

      <YourMatches />

      <details class="panel">
        <summary>Match with options (friends, more seats, clock)</summary>
        <form onSubmit={custom} class="opts">
          <label>Seats
            <select value={prefs.players} onChange={(e) => put({ players: Number(e.currentTarget.value) })}>
              {[2, 3, 4].map((n) => <option key={n} value={n}>{n} players</option>)}
            </select>
          </label>
          {prefs.seats.slice(0, prefs.players).map((s, i) => (
            <label key={i}><span><Mark seat={i} /> Seat {i + 1}{i === 0 ? ' (plays first)' : ''}</span>
              <select value={s} onChange={(e) => {
                const seats = prefs.seats.slice();
                seats[i] = e.currentTarget.value as SeatChoice;
                put({ seats });
              }}>
                {/* You take the first seat a person plays; the other people's come by the link. */}
                {LEVELS.map(([v, l]) => <option key={v} value={v}>{v !== 'person' ? l : i === firstPerson ? 'You' : 'A friend (sent the link)'}</option>)}
              </select>
            </label>
          ))}
          <label>Location sides
            <select value={prefs.sides} onChange={(e) => put({ sides: e.currentTarget.value as Prefs['sides'] })}>
              <option value="random">Random</option>
              <option value="choose">Chosen by the last seat</option>
            </select>
          </label>
          <label>Turn clock
            <select value={prefs.clock} onChange={(e) => put({ clock: Number(e.currentTarget.value) })}>
              {CLOCKS.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
            </select>
          </label>
          <label>Bot pace
            <select value={prefs.public || rated ? CREATE_DEFAULTS.botDelayMs : prefs.delay} disabled={prefs.public || rated} onChange={(e) => put({ delay: Number(e.currentTarget.value) })}>
              {SPEEDS.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
            </select>
          </label>
          <label>If a player leaves or runs out of time
            <select value={prefs.public || rated ? CREATE_DEFAULTS.takeover : prefs.takeover} disabled={prefs.public || rated} onChange={(e) => put({ takeover: e.currentTarget.value as BotLevel })}>
              {LEVELS.slice(1).map(([v, l]) => <option key={v} value={v}>{l} plays for them</option>)}
            </select>
          </label>
          {(prefs.public || rated) && <p class="muted">A {rated ? 'rated' : 'public'} match plays at the normal pace, with a greedy bot for anyone who leaves.</p>}
          {canRate && (
            <label class="check"><input type="checkbox" checked={rated} onChange={(e) => put({ rated: e.currentTarget.checked })} /> Rated: the result moves everyone's rating (<Link href="/leaderboard">leaderboard</Link>)</label>
          )}
          <label class="check"><input type="checkbox" checked={prefs.public} onChange={(e) => put({ public: e.currentTarget.checked })} /> List it publicly</label>
          {prefs.public && (
            <label class="check"><input type="checkbox" checked={prefs.watch} onChange={(e) => put({ watch: e.currentTarget.checked })} /> Anyone may watch it once it starts (shown under “Live now”)</label>
          )}
          <button type="submit" class="primary" disabled={busy}>Create match</button>
        </form>
      </details>

      <Lists />
    </main>
  );
}

/** How many of this browser's newest matches are looked up. */
const RECENT = 8;

/** Finished matches shown on the landing page; the player's page has them all. */
const FINISHED = 5;

/**
 * Matches this browser holds a seat in that are not over (one click back to the table), then the
 * player's latest finished ones, from the server (so they follow the player, not the browser).
 */
function YourMatches() {
  const [list, setList] = useState<{ m: MatchSummary; seat: number }[]>([]);
  const [done, setDone] = useState<PlayerProfile | null>(null);
  const player = me.value?.id;
  useEffect(() => {
    // The first visit makes this browser's player (a failure only means playing anonymously).
    if (!player) void ensurePlayer();
    else readProfile('me').then(setDone, () => undefined);
  }, [player]);
  useEffect(() => {
    Promise.all(seatedMatches().slice(0, RECENT).map(({ id, seat }) => getSummary(id).then(
      (m) => ({ m, seat: seat.seat }),
      (e) => {
        if (e instanceof ApiError && e.code === 'not-found') saveSeat(id, null); // gone: forget its token
        return null;
      },
    ))).then((all) => setList(all.filter((x): x is { m: MatchSummary; seat: number } => !!x && x.m.status !== 'over')));
  }, []);
  const finished = done?.matches.slice(0, FINISHED) ?? [];
  if (!list.length && !finished.length) return null;
  return (
    <section class="panel" aria-label="Your matches">
      <h2>Your matches {done && <Link href={`/p/${done.id}`}>All of them</Link>}</h2>
      <ul class="public">
        {list.map(({ m, seat }) => (
          <li key={m.id}>
            <span>{m.status === 'waiting' ? 'Waiting for players' : 'In play'}: <SeatNames seats={m.seats} you={seat} /></span>
            <Link href={`/m/${m.id}`} class="btn">Resume</Link>
          </li>
        ))}
        {finished.map((m) => (
          <li key={m.id}>
            <span>Finished, place {m.place} of {m.players.length}: {m.players.map((x) => x.name).join(', ')}</span>
            <Link href={`/m/${m.id}/replay`} class="btn">Replay</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One poll of the public list for both of its parts. */
function Lists() {
  const { list, refresh } = useMatchList();
  return (
    <>
      <LiveNow live={list?.live} />
      <PublicMatches list={list?.matches ?? null} refresh={refresh} />
    </>
  );
}

function PublicMatches({ list, refresh }: { list: MatchSummary[] | null; refresh: (quiet?: boolean) => void }) {
  return (
    <section class="panel" aria-label="Public matches">
      <h2>Public matches waiting for players <button type="button" onClick={() => refresh()}>Refresh</button></h2>
      {!list ? <p class="muted">Loading…</p> : !list.length ? <p class="muted">None right now. Create one and tick “List it publicly”.</p> : (
        <ul class="public">
          {list.map((m) => (
            <li key={m.id}>
              <span>{m.players} players: <SeatNames seats={m.seats} /><TableRulesLine r={m.rules} /></span>
              <Link href={`/m/${m.id}`} class="btn">Join</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
