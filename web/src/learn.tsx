// /learn: the guided first match, started at once (the landing page's button and the invitation's
// link lead here; the link is one anyone may share). The lesson's prepared deal against a random
// bot, at a pace a newcomer can follow; the match page coaches it (board/coach.tsx).
import { useEffect, useState } from 'preact/hooks';
import { createMatch } from './calls';
import { seatAnyway } from './player';
import { Link, navigate } from './router';
import { takeSeat } from './take-seat';

export function LearnPage() {
  const [err, setErr] = useState<string | null>(null);
  useEffect(() => {
    createMatch({ players: 2, bots: { 1: 'random' }, lesson: 'first-match', botDelayMs: 1200 })
      .then(async ({ id }) => navigate((await seatAnyway(() => takeSeat(id))) ? `/m/${id}` : `/m/${id}/watch`, true))
      .catch((e: Error) => setErr(e.message));
  }, []);
  return (
    <main class="gate">
      <h1>Learn to play</h1>
      <p>{err ?? 'Dealing your first match…'}</p>
      {err && <p class="links"><Link href="/" class="btn">Back to the lobby</Link></p>}
    </main>
  );
}
