// /m/:id/analysis: after the match, each seat's win chance after every action (chart and table)
// and each person's three costliest decisions against the search bot; any step's table, as the
// replay shows it. Worked out here, in Web Workers (workers.ts, worker.ts) on the replay, and kept (kept.ts). Before the end
// there is nothing to show (the replay would reveal hidden cards, and the server refuses it), so
// nothing is asked for but the summary, and nothing is computed.
import { useEffect, useState } from 'preact/hooks';
import type { Analysis, CostlyDecision } from '../../../shared/bots/analysis';
import type { Action, Move } from '../../../shared/engine/types';
import { Board } from '../board/board';
import { cardName } from '../cards';
import { getReplay } from '../calls';
import { ApiError, getSummary, type Replay } from '../net';
import { Link } from '../router';
import { SITE, usePageTitle } from '../page-title';
import { tableTitle } from '../../../shared/protocol/table-words';
import { Mark } from '../seats';
import { Chart } from './chart';
import { decisionWords, moveWords } from './words';

/** The move part of an action (analysis.ts has the same, but importing it would pull the bots into this chunk). */
const moveOf = (a: Action): Move =>
  a.type === 'play' ? { type: 'play', card: a.card, location: a.location } : { type: 'choose', option: a.option };
import { analyseInWorkers } from './workers';
import { keepAnalysis, keptAnalysis } from './kept';
import css from './analysis.css?inline';

// A lazy chunk's stylesheet is not loaded for it (vite.config.ts, plain-dynamic-imports): this
// page adopts its own when its chunk runs, before it draws anything.
const sheet = new CSSStyleSheet();
sheet.replaceSync(css);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];

const pct = (p: number) => `${Math.round(p * 100)}%`;
/** A chance with its 95 % half-width in points ("34% ± 5"); a certain one bare. */
const pm = (p: number, m: number) => (m > 0 ? `${pct(p)} ± ${Math.max(1, Math.round(m * 100))}` : pct(p));

/** What step `at` (1 on) did, in plain words with what it was for. */
function said(r: Replay, at: number, names: string[]): string {
  const a = r.actions[at - 1]!;
  return decisionWords(r.views[at - 1], names[a.seat]!, moveOf(a));
}

type Phase = { kind: 'loading' } | { kind: 'not-over' } | { kind: 'missing' } | { kind: 'error'; message: string }
  | { kind: 'working'; done: number; total: number } | { kind: 'done'; r: Replay; a: Analysis; ms: number };

export function AnalysisPage({ id }: { id: string }) {
  const [ph, setPh] = useState<Phase>({ kind: 'loading' });
  const [at, setAt] = useState(0);
  const [table, setTable] = useState<string | null>(null);
  usePageTitle(table && `Analysis · ${table} · ${SITE}`);
  useEffect(() => {
    let stop: (() => void) | null = null;
    let live = true;
    void (async () => {
      try {
        const s = await getSummary(id);
        if (live) setTable(tableTitle(s.seats));
        if (s.status !== 'over') return live && setPh({ kind: 'not-over' });
        const r = await getReplay(id);
        if (!live) return;
        // Shown at its last step; worked out now, it is kept for next time.
        const show = (a: Analysis, ms: number) => {
          setPh({ kind: 'done', r, a, ms });
          setAt(r.actions.length);
        };
        const kept = keptAnalysis(id);
        if (kept) return show(kept.a, kept.ms);
        const seats = r.views[0]!.players.filter((p) => p.kind === 'human').map((p) => p.seat);
        setPh({ kind: 'working', done: 0, total: 0 });
        // A fixed seed: the same match always gets the same analysis.
        stop = analyseInWorkers(r.setup, r.actions, seats, 1, {
          progress: (done, total) => setPh({ kind: 'working', done, total }),
          done: (a, ms) => {
            keepAnalysis(id, a, ms);
            show(a, ms);
          },
          failed: (message) => setPh({ kind: 'error', message: `The analysis failed: ${message}` }),
        });
      } catch (e) {
        if (!live) return;
        if (e instanceof ApiError && e.code === 'not-found') setPh({ kind: 'missing' });
        else setPh({ kind: 'error', message: (e as Error).message });
      }
    })();
    return () => { live = false; stop?.(); };
  }, [id]);

  const last = ph.kind === 'done' ? ph.r.actions.length : 0;
  const go = (n: number) => setAt(Math.max(0, Math.min(last, n)));
  useEffect(() => {
    if (!last) return;
    const key = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement).tagName === 'INPUT' || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === 'ArrowRight') setAt((x) => Math.min(last, x + 1));
      else if (e.key === 'ArrowLeft') setAt((x) => Math.max(0, x - 1));
    };
    addEventListener('keydown', key);
    return () => removeEventListener('keydown', key);
  }, [last]);

  const head = (
    <>
      <h1>Analysis{table ? `: ${table}` : ''}</h1>
      {ph.kind !== 'missing' && <p class="links"><Link href={`/m/${id}/replay`}>Replay</Link> · <Link href={`/m/${id}/watch`}>Final board</Link></p>}
    </>
  );
  if (ph.kind === 'loading') return <main class="analysis">{head}<p class="muted">Loading…</p></main>;
  if (ph.kind === 'missing') {
    return (
      <main class="analysis">{head}
        <p role="status">There is no match <code>{id}</code>, so there is no analysis. The link may be mistyped.</p>
        <p><Link href="/" class="btn primary">Go to the lobby</Link></p>
      </main>
    );
  }
  if (ph.kind === 'not-over') {
    return (
      <main class="analysis">{head}
        <p role="status">The analysis will be here when the match ends: until then it would show cards that are still hidden.</p>
        <p><Link href={`/m/${id}`} class="btn">Back to the match</Link></p>
      </main>
    );
  }
  if (ph.kind === 'error') return <main class="analysis">{head}<p role="alert">{ph.message}</p></main>;
  if (ph.kind === 'working') {
    return (
      <main class="analysis">{head}
        <p role="status">Working out each seat's win chance… {ph.done} / {ph.total || '?'} steps (each position played out, again where a chance is unsure, then each decision judged)</p>
        <progress max={ph.total || 1} value={ph.done} aria-label="Analysis progress" />
      </main>
    );
  }
  const { r, a } = ph;
  const players = r.views[0]!.players;
  const people = players.filter((p) => p.kind === 'human');
  const names = players.map((p) => p.name);
  // A step picked from the chart, a row or a decision: its table comes into sight.
  const show = (i: number) => {
    go(i);
    requestAnimationFrame(() => document.getElementById('position')?.scrollIntoView({ block: 'start' }));
  };
  const act = at ? r.actions[at - 1]! : null;
  return (
    <main class="analysis">
      {head}
      <div class="top">
        <section aria-labelledby="chance-h">
          <h2 id="chance-h">Win chance</h2>
          <ul class="legend">{players.map((p) => <li key={p.seat}><Mark seat={p.seat} /> {p.name}</li>)}</ul>
          <Chart chances={a.chances} margins={a.margins} names={names} at={at} pick={show} />
          <p class="muted">Each seat's chance of winning after every action: the share of {a.playouts}{Math.max(...a.worlds) > a.playouts ? ` to ${Math.max(...a.worlds)}` : ''} games played out from there by a simple bot policy (more where a change from one step to the next was unsure), the decks and heroes nobody had seen shuffled anew each time; the shaded band is its 95% margin of error. {!matchMedia('(any-pointer: fine)').matches // a touch screen: no pointer to click with, no keys
            ? 'Tap a point, a row or a decision to see the table as it was then.'
            : 'Click a point, a row or a decision to see the table as it was then; ← and → step.'} Worked out in your browser
            in <span class="took">{(ph.ms / 1000).toFixed(1)} s</span>.</p>
          <h2 id="costly-h">Costliest decisions</h2>
          {!people.length && <p class="muted">Bots played every seat: there is no person's decision to judge.</p>}
          {people.map((p) => (
            <div key={p.seat} class="costly">
              <h3><Mark seat={p.seat} /> {p.name}</h3>
              <Costly list={a.costly[p.seat] ?? []} show={show} r={r} names={names} />
            </div>
          ))}
        </section>
        <div class="chances" tabIndex={0} role="region" aria-label="Win chance after every action, a row per action">
          <p class="start">At the start: {players.map((p) => `${p.name} ${pm(a.chances[0]![p.seat]!, a.margins[0]![p.seat]!)}`).join(' · ')}.{' '}
            <button type="button" class="link" onClick={() => show(0)}>Show step 0</button></p>
          <table>
            <caption>Win chance after every action</caption>
            <thead><tr><th scope="col">Step</th><th scope="col">Action</th>{names.map((n, s) => <th key={s} scope="col">{n}</th>)}</tr></thead>
            <tbody>
              {r.actions.map((x, k) => {
                const i = k + 1;
                return (
                  <tr key={i} class={i === at ? 'at' : ''} aria-current={i === at ? 'step' : undefined}>
                    <th scope="row"><button type="button" class="link" onClick={() => show(i)}>Step {i}</button></th>
                    <td>{said(r, i, names)}{x.hinted ? ' (hint)' : ''}{x.standIn ? ' (stand-in)' : ''}</td>
                    {a.chances[i]!.map((p, s) => <td key={s}>{pct(p)}</td>)}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </div>
      <section id="position" class="position" aria-labelledby="position-h">
        <h2 id="position-h">The table at step {at}</h2>
        <div class="stepper" role="group" aria-label="Steps">
          <button type="button" onClick={() => go(at - 1)} disabled={at === 0}>◀ Back</button>
          <span aria-live="polite">{act ? `Step ${at} of ${last}: ${said(r, at, names)}.` : `Step 0 of ${last}: the start.`}
            {' '}{players.map((p) => `${p.name} ${pm(a.chances[at]![p.seat]!, a.margins[at]![p.seat]!)}`).join(' · ')}</span>
          <button type="button" onClick={() => go(at + 1)} disabled={at === last}>Next ▶</button>
        </div>
        <Board v={r.views[at]!} replay />
      </section>
    </main>
  );
}

/** A decision is named by its row in the table (step k: the k-th action and the table after it). */
function Costly({ list, show, r, names }: { list: CostlyDecision[]; show: (i: number) => void; r: Replay; names: string[] }) {
  if (!list.length) return <p class="muted">No decision cost more win chance than the playouts' margin of error.</p>;
  return (
    <ol>
      {list.map((d) => (
        <li key={d.index}>
          <button type="button" class="link" onClick={() => show(d.index + 1)}>Step {d.index + 1}</button>: {said(r, d.index + 1, names)}, keeping {pct(d.had)};
          {' '}the search bot would {moveWords(d.best, false)}, keeping {pct(d.kept)} ({Math.round(d.lost * 100)} points more, beyond the ± {Math.max(1, Math.round(d.margin * 100))} margin of error).
        </li>
      ))}
    </ol>
  );
}
