// The page's reactive values: a `signal` holds one, a `computed` derives one, and a component that
// reads either's `.value` while it renders draws again when it changes. The few lines of
// @preact/signals the page used, without its engine (3 KB of the page's JavaScript, issue #39).
import { options, type Component, type VNode } from 'preact';

type Listener = () => void;
interface Source { readonly listeners: Set<Listener> }

/** What the running render or computation has read so far (undefined: nobody is listening). */
let reading: Set<Source> | undefined;

const tell = (listeners: Set<Listener>) => { for (const l of [...listeners]) l(); };

export interface ReadonlySignal<T> { readonly value: T; peek(): T }

export class Signal<T> implements Source, ReadonlySignal<T> {
  readonly listeners = new Set<Listener>();
  constructor(private current: T) {}
  get value(): T {
    reading?.add(this);
    return this.current;
  }
  set value(next: T) {
    if (Object.is(next, this.current)) return;
    this.current = next;
    tell(this.listeners);
  }
  peek(): T { return this.current; }
}

/** Worked out when read after what it read changed, not before: nobody may read it meanwhile. */
class Computed<T> implements Source, ReadonlySignal<T> {
  readonly listeners = new Set<Listener>();
  private current!: T;
  private stale = true;
  private reads = new Set<Source>();
  private readonly changed = () => {
    if (this.stale) return;
    this.stale = true;
    tell(this.listeners);
  };
  constructor(private readonly work: () => T) {}
  get value(): T {
    reading?.add(this);
    return this.peek();
  }
  peek(): T {
    if (this.stale) {
      const outer = reading;
      const reads = (reading = new Set());
      try {
        this.current = this.work();
      } finally {
        reading = outer;
      }
      follow(this.reads, reads, this.changed);
      this.reads = reads;
      this.stale = false;
    }
    return this.current;
  }
}

/** Listen to what was read now and no longer to what was read before only. */
function follow(before: Set<Source>, now: Set<Source>, listener: Listener): void {
  for (const s of before) if (!now.has(s)) s.listeners.delete(listener);
  for (const s of now) s.listeners.add(listener);
}

export const signal = <T>(value: T): Signal<T> => new Signal(value);
export const computed = <T>(work: () => T): ReadonlySignal<T> => new Computed(work);

// A component's reads are what its render function reads: from Preact's render hook to the next
// vnode's diff (its first child's), its own end, or an error. Preact's hook names are mangled
// (`__r` render, `__b` diff, `__e` error), as @preact/signals reads them.
interface Tracked extends Component { $reads?: Set<Source>; $redraw?: Listener }
type Hooks = Record<'__r' | '__b' | '__e' | 'diffed' | 'unmount', ((...a: never[]) => void) | undefined>;
const hooks = options as unknown as Hooks;
let rendering: Tracked | undefined;

function stop(): void {
  const c = rendering;
  if (!c) return;
  rendering = undefined;
  const reads = reading!;
  reading = undefined;
  if (!reads.size && !c.$reads) return; // read nothing, now or before: nothing to listen to
  c.$redraw ??= () => c.setState({});
  follow(c.$reads ?? new Set(), reads, c.$redraw);
  c.$reads = reads;
}

function hook<K extends keyof Hooks>(name: K, run: (vnode: VNode & { __c?: Tracked }) => void): void {
  const old = hooks[name] as ((...a: unknown[]) => void) | undefined;
  hooks[name] = ((vnode: VNode, ...rest: unknown[]) => {
    run(vnode);
    old?.(vnode, ...rest);
  }) as Hooks[K];
}
hook('__b', stop);
hook('diffed', stop);
hook('__e', stop);
hook('__r', (vnode) => {
  stop();
  if (!vnode.__c) return;
  rendering = vnode.__c;
  reading = new Set();
});
hook('unmount', (vnode) => {
  const c = vnode.__c;
  if (!c?.$reads) return;
  follow(c.$reads, new Set(), c.$redraw!); // set together with $reads, in stop()
  c.$reads = undefined;
});
