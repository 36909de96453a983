// Parts fetched when first shown, so a match link loads only what its table needs at once: the
// other pages, and the end screen (only a finished match shows it).
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/** A component whose code is fetched on its first render; `waiting` stands in until it is here. */
export function lazy<P extends object>(load: () => Promise<(p: P) => JSX.Element | null>, waiting: (p: P) => JSX.Element) {
  let Part: ((p: P) => JSX.Element | null) | null = null;
  return function Lazy(props: P) {
    const [, loaded] = useState(0);
    useEffect(() => { if (!Part) void load().then((p) => { Part = p; loaded(1); }); }, []);
    return Part ? <Part {...props} /> : waiting(props);
  };
}

/** A page's stand-in while its code arrives. */
export const loadingPage = (cls: string) => () => <main class={cls}><p class="muted">Loading…</p></main>;
