// Step through a finished match, forward and back. The client holds no rules,
// so it shows the positions the server computed (`views`: the start, then one
// per action).
import { useEffect, useState } from 'preact/hooks';
import { Board } from './board/board';
import { NoMatch } from './no-match';
import { getReplay } from './calls';
import { ApiError, getSummary, type Replay } from './net';
import { Link } from './router';
import { SITE, usePageTitle } from './page-title';
import { tableTitle } from '../../shared/protocol/table-words';

export function ReplayPage({ id }: { id: string }) {
  const [r, setR] = useState<Replay | null>(null);
  const [err, setErr] = useState<string | null>(null);
  const [i, setI] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [missing, setMissing] = useState(false);
  const [inPlay, setInPlay] = useState(false);
  const [table, setTable] = useState<string | null>(null);
  usePageTitle(table && `Replay · ${table} · ${SITE}`);
  // The lookup first (200 whether found or not): an unknown or unfinished match is said in words,
  // with no refused request in the console.
  useEffect(() => {
    getSummary(id).then((s) => {
      setTable(tableTitle(s.seats));
      if (s.status !== 'over') { setInPlay(true); return setErr('This match is not over yet: its replay is ready once it ends.'); }
      return getReplay(id).then(setR);
    }).catch((e: Error) => (e instanceof ApiError && e.code === 'not-found' ? setMissing(true) : setErr(e.message)));
  }, [id]);
  const last = (r?.views.length ?? 1) - 1;
  const go = (n: number) => setI(Math.max(0, Math.min(last, n)));
  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement).tagName === 'INPUT') return;
      if (e.key === 'ArrowRight') setI((x) => Math.min(last, x + 1));
      else if (e.key === 'ArrowLeft') setI((x) => Math.max(0, x - 1));
    };
    addEventListener('keydown', key);
    return () => removeEventListener('keydown', key);
  }, [last]);
  useEffect(() => {
    if (!playing) return;
    if (i >= last) return setPlaying(false);
    const t = setTimeout(() => setI(i + 1), 700);
    return () => clearTimeout(t);
  }, [playing, i, last]);

  if (missing) return <NoMatch id={id} />;
  const head = <><h1>Replay{table ? `: ${table}` : ''}</h1><p>{inPlay ? <Link href={`/m/${id}/watch`}>Watch the match</Link> : <><Link href={`/m/${id}/watch`}>Final board</Link> · <Link href={`/m/${id}/analysis`}>Analysis</Link></>}</p></>;
  if (err) return <main class="replay">{head}<p>{err}</p></main>;
  if (!r) return <main class="replay">{head}<p class="muted">Loading…</p></main>;
  const v = r.views[i]!;
  return (
    <main class="replay">
      {head}
      <div class="stepper" role="group" aria-label="Replay controls">
        <button type="button" onClick={() => go(0)} disabled={i === 0} aria-label="First step">« First</button>
        <button type="button" onClick={() => go(i - 1)} disabled={i === 0} aria-label="Back one step">◀ Back</button>
        <span class="pos" aria-live="polite">Step {i} / {last}</span>
        <button type="button" onClick={() => go(i + 1)} disabled={i === last} aria-label="Next step">Next ▶</button>
        <button type="button" onClick={() => go(last)} disabled={i === last} aria-label="Last step">Last »</button>
        <button type="button" onClick={() => {
          if (!playing && i >= last) setI(0); // at the end, Play starts again from the beginning
          setPlaying(!playing);
        }}>{playing ? 'Pause' : 'Play'}</button>
        <input type="range" min={0} max={last} value={i} aria-label="Step" onInput={(e) => go(Number(e.currentTarget.value))} />
      </div>
      <Board v={v} replay />
    </main>
  );
}
