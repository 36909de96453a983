// The move log, newest last, in the server's plain words.
import { useEffect, useRef } from 'preact/hooks';
import type { View } from '../../../shared/protocol/view';

export function Log({ v }: { v: View }) {
  const ref = useRef<HTMLOListElement>(null);
  const last = v.log[v.log.length - 1]?.seq;
  useEffect(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [last]);
  return (
    <section class="logwrap" aria-label="Move log">
      <h2>Log</h2>
      <ol class="log" ref={ref} tabIndex={0}>
        {v.log.map((e) => <li key={e.seq}>{e.text}</li>)}
      </ol>
    </section>
  );
}
