// `GET /api/matches/:id/lookup`: a link that may name no match, answered so a browser logs nothing
// as an error (it logs every 404 it fetches). The socket of such a link: match/connect.ts.
import type { Context } from 'hono';
import type { MatchSummary } from '../../shared/protocol';
import type { Lookup } from '../../shared/protocol/http';

/** `GET /api/matches/:id/lookup`: 200 either way, the summary when the match exists. */
export const lookupAnswer = (c: Context, s: MatchSummary | null) =>
  c.json((s ? { found: true, match: s } : { found: false }) satisfies Lookup);
