// A spectator watches unnamed unless they choose a name to show: never one given for them (the
// name remembered from a seat is offered in the field, never shown before they say so).
import { useState } from 'preact/hooks';
import { watchAs } from './state';
import { get } from './store';
import { usableName } from './take-seat';

export function ShowName() {
  const [typed, setTyped] = useState(() => get('dm.name') ?? '');
  if (watchAs.value) {
    return (
      <span class="muted">You show as {watchAs.value}{' '}
        <button type="button" class="btn small" onClick={() => { watchAs.value = null; }}>Hide my name</button>
      </span>
    );
  }
  return (
    <details class="show-name">
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
