// A private table's chat, under the log: who said what, newest last, as text (never markup). Seats
// type; spectators read. "Hide chat" is this viewer's own, remembered; hidden, it still counts what
// came. Fetched with the end screen's code (board.tsx): a public table never shows it.
import { useEffect, useRef, useState } from 'preact/hooks';
import { CHAT_MAX, cleanChat } from '../../../shared/protocol/chat';
import type { View } from '../../../shared/protocol/view';
import { say } from '../net';
import { Mark } from '../seats';
import { chatLines, toast } from '../state';

const KEY = 'dm.chat.hidden';
const hiddenBefore = (): boolean => { try { return localStorage.getItem(KEY) === '1'; } catch { return false; } };

export function Chat({ v }: { v: View }) {
  const lines = chatLines.value ?? [];
  const [hidden, setHidden] = useState(hiddenBefore);
  const [seen, setSeen] = useState(lines.length);
  const [text, setText] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const last = lines[lines.length - 1]?.seq;
  useEffect(() => {
    if (hidden) return;
    setSeen(lines.length);
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [last, hidden]);
  const hide = (on: boolean) => {
    setHidden(on);
    try { localStorage.setItem(KEY, on ? '1' : '0'); } catch { /* private mode: for this page only */ }
  };
  const send = (e: Event) => {
    e.preventDefault();
    const t = cleanChat(text);
    if (!t) return;
    if (say(t)) setText('');
    else toast('Not connected: the line was not sent.');
  };
  const unread = lines.length - seen;
  return (
    <section class="chatwrap" aria-label="Chat">
      <h2>
        Chat{hidden && unread > 0 ? <span class="muted"> ({unread} new)</span> : null}
        <button type="button" class="btn small" aria-pressed={hidden} onClick={() => hide(!hidden)}>{hidden ? 'Show chat' : 'Hide chat'}</button>
      </h2>
      {!hidden && (
        <ol class="chat" ref={list} tabIndex={0} aria-live="polite">
          {lines.map((l) => <li key={l.seq}><Mark seat={l.seat} /> <b>{l.name}</b>: {l.text}</li>)}
          {!lines.length && <li class="muted">Nothing said yet.</li>}
        </ol>
      )}
      {!hidden && v.you !== null && (
        <form class="say" onSubmit={send}>
          <input value={text} maxLength={CHAT_MAX} aria-label="Say something to the table" placeholder="Say something…" onInput={(e) => setText(e.currentTarget.value)} />
          <button type="submit">Send</button>
        </form>
      )}
    </section>
  );
}
