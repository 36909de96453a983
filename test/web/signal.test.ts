// The page's reactive values (web/src/signal.ts): what a signal and a computed tell, and which
// component is redrawn. A component's render is played here as Preact runs it, through the same
// option hooks (diff, render, diffed, unmount) with a stand-in component; the browser tests run the
// real page on it.
import { options } from 'preact';
import { describe, expect, it, vi } from 'vitest';
import { computed, signal } from '../../web/src/signal';

type Hook = (...a: unknown[]) => void;
const hooks = options as unknown as Record<'__b' | '__r' | 'diffed' | 'unmount', Hook>;

/** A stand-in component and its vnode: `redraws` counts what a redraw would ask of Preact. */
function component() {
  const setState = vi.fn();
  const vnode = { type: () => null, __c: { setState } };
  return {
    vnode,
    redraws: () => setState.mock.calls.length,
    /** One render, as Preact runs it: diff, render hook, the render function itself, diffed. */
    render(body: () => void) {
      hooks.__b(vnode);
      hooks.__r(vnode);
      body();
      hooks.diffed(vnode);
    },
    unmount: () => hooks.unmount(vnode),
  };
}

describe('signals', () => {
  it('a component is redrawn when a value its last render read changes, and only then', () => {
    const a = signal(1);
    const b = signal('x');
    const c = component();
    c.render(() => void a.value);
    b.value = 'y'; // not read
    expect(c.redraws()).toBe(0);
    a.value = 1; // the same value: no change
    expect(c.redraws()).toBe(0);
    a.value = 2;
    expect(c.redraws()).toBe(1);
    // The next render reads b instead: a no longer redraws it.
    c.render(() => void b.value);
    a.value = 3;
    expect(c.redraws()).toBe(1);
    b.value = 'z';
    expect(c.redraws()).toBe(2);
    // peek() reads without listening.
    c.render(() => void b.peek());
    b.value = 'w';
    expect(c.redraws()).toBe(2);
  });

  it('a component unmounted is never redrawn; what its children read is theirs, not the parent\'s', () => {
    const a = signal(0);
    const parent = component();
    const child = component();
    // The parent's render ends at its first child's diff: the child's reads are its own.
    hooks.__b(parent.vnode);
    hooks.__r(parent.vnode);
    hooks.__b(child.vnode);
    hooks.__r(child.vnode);
    void a.value;
    hooks.diffed(child.vnode);
    hooks.diffed(parent.vnode);
    a.value = 1;
    expect([parent.redraws(), child.redraws()]).toEqual([0, 1]);
    child.unmount();
    a.value = 2;
    expect(child.redraws()).toBe(1);
  });

  it('a computed works its value out when read after a change, once, and follows what it read last', () => {
    const which = signal<'a' | 'b'>('a');
    const a = signal(1);
    const b = signal(10);
    const work = vi.fn(() => (which.value === 'a' ? a.value : b.value));
    const c = computed(work);
    expect(work).not.toHaveBeenCalled();
    expect([c.value, c.value]).toEqual([1, 1]);
    expect(work).toHaveBeenCalledTimes(1);
    b.value = 11; // not read by the last computation
    expect(c.value).toBe(1);
    expect(work).toHaveBeenCalledTimes(1);
    which.value = 'b';
    expect(c.value).toBe(11);
    a.value = 2; // no longer read
    expect(c.value).toBe(11);
    expect(work).toHaveBeenCalledTimes(2);
    // A component that read the computed is redrawn when what the computed read changes.
    const comp = component();
    comp.render(() => void c.value);
    b.value = 12;
    expect(comp.redraws()).toBe(1);
    expect(c.value).toBe(12);
  });
});
