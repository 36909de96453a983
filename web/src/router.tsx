// Routing by location.pathname with the history API; the server answers
// index.html for every unknown path, so a deep link or a reload lands here.
import { signal } from './signal';

export type Route =
  | { page: 'lobby' }
  | { page: 'rules' }
  | { page: 'tv' }
  | { page: 'learn' }
  | { page: 'leaderboard'; size: 2 | 3 | 4 }
  | { page: 'match' | 'watch' | 'replay' | 'analysis'; id: string }
  | { page: 'player'; id: string }
  | { page: 'missing' };

export function parse(path: string): Route {
  if (path === '/' || path === '') return { page: 'lobby' };
  if (path === '/rules') return { page: 'rules' };
  if (path === '/learn') return { page: 'learn' };
  if (path === '/tv' || path === '/tv/') return { page: 'tv' };
  const b = /^\/leaderboard(?:\/([234]))?\/?$/.exec(path);
  if (b) return { page: 'leaderboard', size: Number(b[1] ?? 2) as 2 | 3 | 4 };
  const p = /^\/p\/(\w{1,64})$/.exec(path);
  if (p) return { page: 'player', id: p[1]! };
  const m = /^\/m\/([\w-]{1,64})(?:\/(watch|replay|analysis))?\/?$/.exec(path);
  if (m) return { page: (m[2] as 'watch' | 'replay' | 'analysis' | undefined) ?? 'match', id: m[1]! };
  return { page: 'missing' };
}

export const route = signal<Route>(parse(location.pathname));

export function navigate(path: string, replace = false): void {
  if (path !== location.pathname) history[replace ? 'replaceState' : 'pushState'](null, '', path);
  route.value = parse(path);
  scrollTo(0, 0);
}

addEventListener('popstate', () => { route.value = parse(location.pathname); });

/** A same-site link that routes without reloading (modifier clicks open tabs as usual). */
export function Link({ href, children, class: cls, label, current }: { href: string; children: preact.ComponentChildren; class?: string; label?: string; current?: boolean }) {
  return (
    <a href={href} class={cls} aria-label={label} aria-current={current ? 'page' : undefined} onClick={(e) => {
      if (e.button || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      navigate(href);
    }}>{children}</a>
  );
}
