// What just happened, where the eye already is (the decision bar): for a
// player, the log entries since they last acted; for a spectator (and in a
// replay), those of the latest update. The newest two show; the rest open on
// demand, since the bar stays on screen and the full log may be far below.
import { useRef } from 'preact/hooks';
import type { LogEntry } from '../../../shared/engine/types';
import type { View } from '../../../shared/protocol/view';
import { actedSeq } from '../state';

const SHOWN = 2;

const lastSeq = (v: View): number => v.log[v.log.length - 1]?.seq ?? 0;

const line = (es: LogEntry[]) => es.map((e, i) => <span key={e.seq}>{i > 0 && ' · '}{e.text}</span>);

export function Recent({ v }: { v: View }) {
  // The newest entry of the version shown before this one.
  const last = useRef<{ version: number; seq: number; before: number | null }>({ version: -1, seq: 0, before: null });
  if (last.current.version !== v.version) {
    const was = last.current;
    last.current = { version: v.version, seq: lastSeq(v), before: was.version < 0 ? null : was.seq };
  }
  const since = v.you !== null ? actedSeq.value : last.current.before;
  let news = since === null ? [] : v.log.filter((e) => e.seq > since);
  // Nothing new to this viewer (first sight, or a replay stepping back): the newest entry.
  if (!news.length && (since === null || v.you === null)) news = v.log.slice(-1);
  if (!news.length) return null;
  const head = <><span class="muted">Just now: </span>{line(news.slice(-SHOWN))}</>;
  if (news.length <= SHOWN) return <p class="recent">{head}</p>;
  return (
    <details class="recent" key={news[0]!.seq}>
      <summary>{head} <span class="muted">({news.length - SHOWN} before)</span></summary>
      <ol>{news.slice(0, -SHOWN).map((e) => <li key={e.seq}>{e.text}</li>)}</ol>
    </details>
  );
}
