// Parts fetched apart, so a match link loads only what its table needs at once: the other pages,
// and the end screen (fetched once the table is drawn, see board.tsx).
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/**
 * A component whose code is fetched on its first render (or by `fetch`, ahead of it); `waiting`
 * stands in until it is here.
 */
export function lazy<P extends object>(load: () => Promise<(p: P) => JSX.Element | null>, waiting: (p: P) => JSX.Element) {
  let Part: ((p: P) => JSX.Element | null) | null = null;
  let asked: Promise<unknown> | null = null;
  const fetch = () => (asked ??= load().then((p) => { Part = p; }));
  function Lazy(props: P) {
    const [, loaded] = useState(0);
    useEffect(() => { if (!Part) void fetch().then(() => loaded(1)); }, []);
    return Part ? <Part {...props} /> : waiting(props);
  }
  Lazy.fetch = fetch;
  return Lazy;
}

/** A page's stand-in while its code arrives. */
export const loadingPage = () => <main><p class="muted">Loading…</p></main>;
