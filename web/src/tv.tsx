// /tv, the featured table: follows one public match in play (tv-pick.ts), else the house match
// of bots (GET /api/tv), through the ordinary spectator page; when it ends, shows the result
// for RESULT_MS and moves on to the next.
import { useEffect, useState } from 'preact/hooks';
import { getTv, listMatches } from './calls';
import { MatchPage } from './match';
import { pickLive, type LiveEntry } from './tv-pick';
import { view } from './state';

/** How long the result of a finished match stays before the next. */
export const RESULT_MS = 5000;

async function choose(skip: string[]): Promise<string> {
  const list = await listMatches().catch(() => null);
  return pickLive((list as { live?: LiveEntry[] } | null)?.live, skip) ?? (await getTv()).id;
}

export function TvPage() {
  const [id, setId] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [skip, setSkip] = useState<string[]>([]);
  useEffect(() => {
    let gone = false;
    choose(skip).then((next) => { if (!gone) setId(next); }, () => { if (!gone) setFailed(true); });
    return () => { gone = true; };
  }, [skip]);
  const v = view.value;
  const over = !!id && !!v?.over;
  // Asked again every RESULT_MS while the match shown is still the finished one: an answer lost or
  // late under load (a browser test saw /tv stay on an ended match) never leaves it there.
  useEffect(() => {
    if (!over || !id) return;
    const t = setTimeout(() => setSkip([id]), RESULT_MS);
    return () => clearTimeout(t);
  }, [over, id, skip]);
  if (failed) return <main class="tv"><h1>Darkmoor TV</h1><p>Cannot reach the server. Reload to try again.</p></main>;
  if (!id) return <main class="tv"><h1 class="sr">Darkmoor TV</h1><p class="muted">Finding a match to watch…</p></main>;
  return (
    <div class="tv" data-match={id}>
      <aside aria-label="Darkmoor TV">
        <p class="banner tv-note" role="status">
          <b>Darkmoor TV</b>{over ? ' · Match over: the next one starts in a few seconds.' : ' · A match in play, live.'}
        </p>
      </aside>
      <MatchPage key={id} id={id} watch />
    </div>
  );
}
