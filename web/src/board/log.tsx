// The move log, newest last, in the server's plain words. A view carries only
// the latest entries; the log keeps what this page has seen before them, so a
// long match reads whole while the page stays open. Entries keep their match-wide
// numbers (seq), the same on every screen.
import { useEffect, useRef } from 'preact/hooks';
import type { LogEntry } from '../../../shared/engine/types';
import type { View } from '../../../shared/protocol/view';

/** Entries seen before this view's window, then the window; only while they join up without a gap. */
function useHistory(log: LogEntry[]): LogEntry[] {
  const kept = useRef<LogEntry[]>([]);
  const first = log[0]?.seq ?? Infinity;
  let before = kept.current.filter((e) => e.seq < first);
  if (before.length && before[before.length - 1]!.seq !== first - 1) before = [];
  const all = before.length ? [...before, ...log] : log;
  kept.current = all;
  return all;
}

export function Log({ v, replay }: { v: View; replay?: boolean }) {
  const ref = useRef<HTMLOListElement>(null);
  const entries = useHistory(v.log);
  const last = entries[entries.length - 1]?.seq;
  useEffect(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [last]);
  const missing = (entries[0]?.seq ?? 1) > 1;
  return (
    <section class="logwrap" aria-label="Move log">
      <h2>Log</h2>
      <ol class="log" ref={ref} tabIndex={0}>
        {missing && (
          <li class="muted" value={0} aria-hidden="true">
            {replay ? 'Earlier moves: step back through the replay.' : 'Earlier moves: in the replay once the match is over.'}
          </li>
        )}
        {entries.map((e) => <li key={e.seq} value={e.seq}>{e.text}</li>)}
        {!entries.length && <li class="muted">Nothing has happened yet.</li>}
      </ol>
    </section>
  );
}
