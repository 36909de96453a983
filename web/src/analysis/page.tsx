// /m/:id/analysis: after the match, each seat's win chance after every action (chart and table)
// and each person's three costliest decisions against the search bot. Worked out here, in a Web
// Worker (worker.ts) on the replay; before the end there is nothing to show (the replay would
// reveal hidden cards, and the server refuses it), so nothing is computed.
import { useEffect, useState } from 'preact/hooks';
import type { Analysis, CostlyDecision } from '../../../shared/bots/analysis';
import type { Move } from '../../../shared/engine/types';
import { Board } from '../board/board';
import { cardName } from '../cards';
import { getReplay, getSummary, type Replay } from '../net';
import { Link } from '../router';
import { Mark } from '../seats';
import { Chart } from './chart';
import { startWorker, type Reply } from './messages';
import './analysis.css';

const pct = (p: number) => `${Math.round(p * 100)}%`;

export const moveText = (m: Move): string =>
  m.type === 'play' ? `play ${cardName(m.card)} at ${cardName(m.location)}` : m.option === 'none' ? 'decline' : `choose ${cardName(m.option)}`;

type Phase = { kind: 'loading' } | { kind: 'not-over' } | { kind: 'error'; message: string }
  | { kind: 'working'; r: Replay; done: number; total: number } | { kind: 'done'; r: Replay; a: Analysis };

export function AnalysisPage({ id }: { id: string }) {
  const [ph, setPh] = useState<Phase>({ kind: 'loading' });
  const [at, setAt] = useState(0);
  useEffect(() => {
    let worker: Worker | null = null;
    let live = true;
    void (async () => {
      try {
        const s = await getSummary(id);
        if (s.status !== 'over') return live && setPh({ kind: 'not-over' });
        const r = await getReplay(id);
        if (!live) return;
        const seats = r.views[0]!.players.filter((p) => p.kind === 'human').map((p) => p.seat);
        setPh({ kind: 'working', r, done: 0, total: 0 });
        worker = startWorker();
        worker.onmessage = (e: MessageEvent<Reply>) => {
          const m = e.data;
          if (m.kind === 'progress') setPh({ kind: 'working', r, done: m.done, total: m.total });
          else if (m.kind === 'analysis') { setPh({ kind: 'done', r, a: m.result }); setAt(r.actions.length); worker?.terminate(); }
          else if (m.kind === 'error') setPh({ kind: 'error', message: m.message });
        };
        worker.postMessage({ kind: 'analyse', setup: r.setup, actions: r.actions, seats, seed: 1 });
      } catch (e) {
        if (live) setPh({ kind: 'error', message: (e as Error).message });
      }
    })();
    return () => { live = false; worker?.terminate(); };
  }, [id]);

  const head = (
    <>
      <h1>Analysis of match {id}</h1>
      <p class="links"><Link href={`/m/${id}/replay`}>Replay</Link> · <Link href={`/m/${id}/watch`}>Final board</Link></p>
    </>
  );
  if (ph.kind === 'loading') return <main class="analysis">{head}<p class="muted">Loading…</p></main>;
  if (ph.kind === 'not-over') return <main class="analysis">{head}<p role="status">The analysis will be here when the match ends.</p></main>;
  if (ph.kind === 'error') return <main class="analysis">{head}<p role="alert">{ph.message}</p></main>;
  if (ph.kind === 'working') {
    return (
      <main class="analysis">{head}
        <p role="status">Working out each seat's win chance… {ph.done} / {ph.total || '?'} decisions</p>
        <progress max={ph.total || 1} value={ph.done} aria-label="Analysis progress" />
      </main>
    );
  }
  const { r, a } = ph;
  const players = r.views[0]!.players;
  const names = players.map((p) => p.name);
  const pick = (i: number) => setAt(i);
  return (
    <main class="analysis">
      {head}
      <section aria-labelledby="chance-h">
        <h2 id="chance-h">Win chance</h2>
        <ul class="legend">{players.map((p) => <li key={p.seat}><Mark seat={p.seat} /> {p.name}</li>)}</ul>
        <Chart chances={a.chances} names={names} at={at} pick={pick} />
      </section>
      <section aria-labelledby="costly-h">
        <h2 id="costly-h">Costliest decisions</h2>
        {players.filter((p) => p.kind === 'human').map((p) => (
          <div key={p.seat} class="costly">
            <h3><Mark seat={p.seat} /> {p.name}</h3>
            <Costly list={a.costly[p.seat] ?? []} pick={pick} />
          </div>
        ))}
      </section>
      <div class="split">
        <div class="chances" tabIndex={0} role="region" aria-label="Win chance table">
          <table>
            <caption>Win chance after every action</caption>
            <thead><tr><th scope="col">Step</th><th scope="col">Action</th>{names.map((n, s) => <th key={s} scope="col">{n}</th>)}</tr></thead>
            <tbody>
              {a.chances.map((row, i) => {
                const act = i ? r.actions[i - 1]! : null;
                return (
                  <tr key={i} class={i === at ? 'at' : ''} aria-current={i === at ? 'step' : undefined}>
                    <th scope="row"><button type="button" class="link" onClick={() => pick(i)}>Step {i}</button></th>
                    <td>{act ? `${names[act.seat]}: ${moveText(act)}` : 'Start'}</td>
                    {row.map((p, s) => <td key={s}>{pct(p)}</td>)}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <section class="position" aria-label={`The table at step ${at}`}>
          <h2>The table at step {at}</h2>
          <Board v={r.views[at]!} replay />
        </section>
      </div>
    </main>
  );
}

function Costly({ list, pick }: { list: CostlyDecision[]; pick: (i: number) => void }) {
  if (!list.length) return <p class="muted">No decision cost a noticeable win chance.</p>;
  return (
    <ol>
      {list.map((d) => (
        <li key={d.index}>
          <button type="button" class="link" onClick={() => pick(d.index)}>Step {d.index + 1}</button>: chose to {moveText(d.chose)} ({pct(d.had)}
          {' '}win chance); the search bot would {moveText(d.best)} and kept {pct(d.kept)} ({Math.round(d.lost * 100)} points more).
        </li>
      ))}
    </ol>
  );
}
