// On your own page: change your name (the old one stays yours for 30 days), download what is kept
// about you, or delete yourself. Everything goes with this browser's player token.
import { useState } from 'preact/hooks';
import type { NameTaken } from '../../shared/protocol/http';
import { forgetPlayer, me } from './player';
import { navigate } from './router';
import { loadPlayer, saveName, savePlayer } from './store';

const auth = (): Record<string, string> => ({ Authorization: `Bearer ${loadPlayer()?.token ?? ''}` });

export function YourData({ name, renamed }: { name: string; renamed: (name: string) => void }) {
  const [value, setValue] = useState(name);
  const [note, setNote] = useState<{ text: string; free?: string } | null>(null);
  const [sure, setSure] = useState(false);
  const [busy, setBusy] = useState(false);

  const rename = async (to: string) => {
    setBusy(true);
    const res = await fetch('/api/me', { method: 'PATCH', headers: { ...auth(), 'Content-Type': 'application/json' }, body: JSON.stringify({ name: to }) }).catch(() => null);
    const json = await res?.json().catch(() => null) as { name?: string } & Partial<NameTaken> | null;
    setBusy(false);
    if (res?.ok && json?.name) {
      const p = loadPlayer();
      if (p) savePlayer({ ...p, name: json.name });
      if (me.value) me.value = { ...me.value, name: json.name };
      saveName(json.name);
      setValue(json.name);
      renamed(json.name);
      setNote({ text: `Your name is now ${json.name}. ${name} stays yours for 30 days, should you want it back.` });
    } else if (res?.status === 409 && json?.error?.suggestion) {
      setNote({ text: `Someone has a name that reads as ${to}.`, free: json.error.suggestion });
    } else {
      setNote({ text: json?.error?.message ?? 'The name could not be changed; try again.' });
    }
  };

  const download = async () => {
    const res = await fetch('/api/me/export', { headers: auth() });
    if (!res.ok) return setNote({ text: `The server answered ${res.status}.` });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(await res.blob());
    a.download = `darkmoor-${loadPlayer()?.id ?? 'me'}.json`;
    a.click();
    URL.revokeObjectURL(a.href);
  };

  const remove = async () => {
    setBusy(true);
    const res = await fetch('/api/me', { method: 'DELETE', headers: auth() }).catch(() => null);
    setBusy(false);
    if (!res || (res.status !== 204 && res.status !== 401)) return setNote({ text: 'You could not be deleted just now; try again.' });
    forgetPlayer();
    navigate('/');
  };

  return (
    <section class="panel your-data" aria-label="Your data">
      <h2>Your data</h2>
      <form onSubmit={(e) => { e.preventDefault(); if (value.trim() && value.trim() !== name) void rename(value.trim()); }}>
        <label>Your name <input value={value} maxLength={64} onInput={(e) => setValue(e.currentTarget.value)} /></label>
        <button type="submit" disabled={busy || !value.trim() || value.trim() === name}>Change my name</button>
      </form>
      <p class="muted" role="status">{note?.text ?? 'Your old name stays yours for 30 days after a change.'}
        {note?.free && <> <button type="button" disabled={busy} onClick={() => rename(note.free!)}>Take {note.free}</button></>}</p>
      <p class="links">
        <button type="button" disabled={busy} onClick={async () => {
          setBusy(true);
          const problem = await (await import('./passkey')).keepOnOtherDevices();
          setBusy(false);
          setNote({ text: problem ?? 'Your name is kept with a passkey: on another device, choose “I have played here before” on the first page.' });
        }}>Keep my name on other devices</button>
        <button type="button" onClick={download}>Download my data</button>
        {!sure ? <button type="button" onClick={() => setSure(true)}>Delete me…</button> : (
          <>
            <button type="button" class="danger" disabled={busy} onClick={remove}>Yes, delete me for good</button>
            <button type="button" onClick={() => setSure(false)}>Keep me</button>
          </>
        )}
      </p>
      {sure && <p class="muted">Your name, ratings and list of matches go; in others' lists your seats read “a former player”.</p>}
    </section>
  );
}
