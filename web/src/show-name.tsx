// A spectator watches unnamed unless they choose a name to show: never one given for them (the
// name remembered from a seat is offered in the field, never shown before they say so).
import { useState } from 'preact/hooks';
import { watchAs } from './state';
import { get } from './store';
import { usableName } from './take-seat';

/** `opened`: whether the person opened the stand-in drawn while this code was on its way. */
export function ShowName({ opened }: { opened: () => boolean }) {
  const [typed, setTyped] = useState(() => get('dm.name') ?? '');
  // Held here, not only by the element: this <details> replaces the stand-in's, which the person may have opened.
  const [open, setOpen] = useState(opened);
  if (watchAs.value) {
    return (
      <span class="muted">You show as {watchAs.value}{' '}
        <button type="button" class="btn small" onClick={() => { watchAs.value = null; }}>Hide my name</button>
      </span>
    );
  }
  return (
    <details class="show-name" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary class="btn small">Show my name</summary>
      <form onSubmit={(e) => {
        e.preventDefault();
        const n = usableName(typed);
        if (n) watchAs.value = n;
      }}>
        <label>Name to show <input value={typed} maxLength={64} required autoComplete="nickname" onInput={(e) => setTyped(e.currentTarget.value)} /></label>
        <button type="submit" class="btn small">Show it</button>
      </form>
    </details>
  );
}
