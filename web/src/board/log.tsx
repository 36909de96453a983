// The move log, newest last, in the server's plain words. A view carries only
// the latest entries; a live page asks the server once for those before them
// (net.ts, `earlierLog`), and keeps what it has seen, so the whole match reads
// whole after a refresh too. Entries keep their match-wide numbers (seq), the
// same on every screen.
import { useEffect, useRef } from 'preact/hooks';
import type { LogEntry } from '../../../shared/engine/types';
import type { View } from '../../../shared/protocol/view';
import { earlierLog, watchers } from '../state';

/** Entries before this view's window (sent earlier, or seen), then the window; only the run that joins it without a gap. */
function useHistory(log: LogEntry[], earlier: LogEntry[]): LogEntry[] {
  const kept = useRef<LogEntry[]>([]);
  const first = log[0]?.seq ?? Infinity;
  const bySeq: LogEntry[] = [];
  for (const e of [...earlier, ...kept.current]) if (e.seq < first) bySeq[e.seq] = e;
  let from = first - 1;
  while (bySeq[from]) from--;
  return (kept.current = [...bySeq.slice(from + 1), ...log]);
}

export function Log({ v, replay }: { v: View; replay?: boolean }) {
  const ref = useRef<HTMLOListElement>(null);
  const entries = useHistory(v.log, replay ? [] : earlierLog.value);
  const last = entries[entries.length - 1]?.seq;
  useEffect(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [last]);
  const missing = (entries[0]?.seq ?? 1) > 1;
  return (
    <section class="logwrap" aria-label="Move log">
      {/* A seat hears how many watch beside the heading: a line of its own would move the seats when the first came. */}
      <div class="loghead">
        <h2>Log</h2>
        {!replay && v.you !== null && !!watchers.value && <span class="muted watching">{watchers.value} watching</span>}
      </div>
      <ol class="log" ref={ref} tabIndex={0}>
        {missing && (
          <li class="muted" value={0} aria-hidden="true">
            {replay ? 'Earlier moves: step back through the replay.' : 'Earlier moves are on their way…'}
          </li>
        )}
        {entries.map((e) => <li key={e.seq} value={e.seq}>{e.text}</li>)}
        {!entries.length && <li class="muted">Nothing has happened yet.</li>}
      </ol>
    </section>
  );
}
