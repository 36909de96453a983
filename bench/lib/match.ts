// Matches driven by the benchmarks: every seat a socket the benchmark holds
// (no bots, no alarms), so each action's cost is the server's answer alone.
import type { Joined, MatchCreated } from '../../shared/protocol';
import { call } from '../../harness/node';
import { matchSocket, versionOf, type BenchSocket } from './socket';

export interface Seats { id: string; seats: BenchSocket[] }

/** A match of `players` people, each seat's socket open (patch=1 unless `full`). */
export async function peopleMatch(http: string, wsBase: string, players: number, full = false): Promise<Seats> {
  const r = await call(http, 'POST', '/api/matches', { players });
  if (r.status !== 201) throw new Error(`create: ${r.status} ${JSON.stringify(r.json)}`);
  const id = (r.json as MatchCreated).id;
  const seats: BenchSocket[] = [];
  for (let i = 0; i < players; i++) {
    const j = (await call(http, 'POST', `/api/matches/${id}/join`, { name: `P${i}` })).json as Joined;
    const s = await matchSocket(`${wsBase}/api/matches/${id}/ws?token=${encodeURIComponent(j.token)}${full ? '' : '&patch=1'}`);
    seats.push(s);
  }
  // Every seat has seen the dealt game with every seat online.
  await Promise.all(seats.map((s) => s.until((v) => v.status === 'playing' && v.players.every((p) => p.connected))));
  return { id, seats };
}

/**
 * The seat deciding sends its first option; resolves with the ms until that
 * socket got the view of the new version (the acknowledgement), or null once the match is over.
 */
export async function oneMove(m: Seats, extra?: (version: number) => Promise<unknown>): Promise<{ ms: number; version: number } | null> {
  const v = m.seats[0]!.view!;
  if (v.over || !v.pending) return null;
  const actor = m.seats[v.pending.seat]!;
  const mine = await actor.until((x) => x.version === v.version && !!x.pending?.options);
  const want = v.version + 1;
  const acked = actor.next((t) => versionOf(t) === want);
  const others = extra?.(want);
  const t0 = performance.now();
  actor.send({ ...mine.pending!.options![0], version: v.version });
  await acked;
  const ms = performance.now() - t0;
  await others;
  // Everyone is at the new version before the next move.
  await Promise.all(m.seats.map((s) => s.until((x) => x.version === want)));
  return { ms, version: want };
}

export const closeAll = (m: Seats): void => m.seats.forEach((s) => s.close());

