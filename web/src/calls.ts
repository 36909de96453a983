// The calls only pages fetched apart make (the lobby, the join, the lesson, /tv, the replay and
// the analysis): kept out of the JavaScript every page loads (vite.config.ts, the 'pages' chunk).
import type { InferInput } from 'valibot';
import type { Joined, MatchCreated, MatchList, Replay } from '../../shared/protocol/http';
import type { CreateMatchBody, JoinBody } from '../../shared/protocol/schemas';
import { api } from './net';
import { loadPlayer } from './store';

/** The player's token header when `name` is the player's own (the seat is then theirs), else none. */
function bearerFor(name: string): Record<string, string> | undefined {
  const p = loadPlayer();
  return p?.name === name ? { Authorization: `Bearer ${p.token}` } : undefined;
}

export type CreateBody = InferInput<typeof CreateMatchBody>;

export const createMatch = (b: CreateBody) => api<MatchCreated>('POST', '/api/matches', b);
/** Under the player's own name with their token (bearerFor), which makes the seat theirs. */
export const joinMatch = (id: string, b: InferInput<typeof JoinBody>) => api<Joined>('POST', `/api/matches/${id}/join`, b, bearerFor(b.name));
export const listMatches = () => api<MatchList>('GET', '/api/matches');
/** The house match of bots for /tv (made when none is in play). */
export const getTv = () => api<MatchCreated>('GET', '/api/tv');
export const getReplay = (id: string) => api<Replay>('GET', `/api/matches/${id}/replay`);
