// The lobby's calls on a match (edge/matches.ts, the quick-match queue, the house, a rematch):
// create it, take a seat, start it, make its rematch. Each answers with what it did, or a refusal
// that changed nothing.
import { createGame } from '../../shared/engine';
import { setupOf } from './sockets/earlier';
import type { ErrorCode, Joined, MatchCreated, Refusal } from '../../shared/protocol';
import { countRematch, releaseHold } from '../lobby/caps';
import { lobby } from '../lobby/lobby';
import type { MatchConfig, Seated } from '../shared/config';
import { hashToken, newMatchId, newToken, randomSeed } from '../shared/ids';
import { botDelayMs, rematchHoldMs } from '../shared/limits';
import { logEvent } from '../shared/log';
import { connectedSeats } from '../shared/sockets';
import type { Room } from './room';
import { entry, heldRefusal, holdsFor, type Holds } from './table/holds';
import { botName, nameClash } from './table/naming';
import { linkPlayers, noteRatings, ratedRefusal } from './table/players';
import * as presence from './table/presence';

export type Result<T> = ({ ok: true } & T) | ({ ok: false } & Refusal);

export const refuse = (code: ErrorCode, message: string): { ok: false } & Refusal => ({ ok: false, code, message });

/** Set the match up; bots take their seats at once, a quick match's people come seated (their tokens kept by the queue). */
export async function create(room: Room, asked: MatchConfig, holds: Holds | null, people: Seated[]): Promise<void> {
  if (room.cfg()) throw new Error(`match ${asked.id} exists already`);
  // Every way a match is made (the edge, the queue, the house, a rematch) comes here: the one place a test server's bot pace applies.
  const config = { ...asked, botDelayMs: botDelayMs(room.env, asked.botDelayMs) };
  const { store } = room;
  store.init();
  if (holds) store.setMeta('holds', holds);
  store.setMeta('config', config);
  room.changed({ config });
  // Bots take names no person here has (a quick match's people come named).
  const taken = people.map((p) => p.name);
  for (let seat = 0; seat < config.players; seat++) {
    const level = config.bots[String(seat)] ?? null;
    const person = people.find((p) => p.seat === seat);
    if (person) room.setPresence(presence.joined(room.presence(), seat, false, config.createdAt));
    const bot = level ? botName(level, seat, taken) : '';
    if (bot) taken.push(bot);
    store.putSeat(person ? { seat, kind: 'human', name: person.name, level: null, tokenHash: person.tokenHash } : level
      ? { seat, kind: 'bot', name: bot, level, tokenHash: null }
      : { seat, kind: 'open', name: '', level: null, tokenHash: null });
  }
  room.changed({ seats: true });
  const pairs = people.flatMap((p) => p.player ? [[p.seat, p.player] as const] : []);
  linkPlayers(room, pairs);
  if (config.rated) await noteRatings(room, pairs);
  logEvent('created', {
    match: config.id, players: config.players, bots: Object.keys(config.bots).length, public: config.public,
    seeded: config.seeded ?? false, rematch: holds !== null,
  });
  if (room.seats().every((s) => s.kind !== 'open')) await start(room);
  else {
    if (config.public) await lobby(room.env).add(config.id, config.createdAt);
    await room.armWaiting(room.listing.watch(config, room.presence()));
    if (config.public) room.publisher.changed();
  }
  await room.publisher.settled();
}

/**
 * `rematchToken`: the joiner's seat token of the finished match this one follows, to claim their
 * held seat (holds.ts). `player`: the identified player joining, linked to the seat (table/players.ts).
 */
export async function join(room: Room, name: string, wanted?: number, rematchToken?: string, player?: string): Promise<Result<Joined>> {
  const config = room.cfg();
  if (!config) return refuse('not-found', 'No such match.');
  // Hash first: after this await, choosing and writing the seat is synchronous, so two joins cannot take one seat.
  const token = newToken();
  const [tokenHash, claim] = await Promise.all([hashToken(token), rematchToken === undefined ? null : hashToken(rematchToken)]);
  const open = room.seats().filter((s) => s.kind === 'open');
  if (wanted !== undefined && wanted >= config.players) {
    return refused(room, { code: 'bad-request', message: `Seat ${wanted} is not a seat of this ${config.players}-player match.` });
  }
  if (!open.length) return refused(room, { code: 'full', message: 'Every seat is taken.' });
  const unrated = ratedRefusal(room, config, player);
  if (unrated) return refused(room, unrated);
  const now = Date.now();
  const e = entry(room.store.getMeta<Holds>('holds'), open.map((s) => s.seat), claim, now);
  if (!('seats' in e)) return refused(room, e);
  const held = heldRefusal(e, e.claimed ? undefined : wanted, now);
  if (held) return refused(room, held);
  const seat = wanted === undefined || e.claimed ? e.seats[0] : e.seats.find((s) => s === wanted);
  if (seat === undefined) return refused(room, { code: 'full', message: `Seat ${wanted} is taken.` });
  const clash = nameClash(name, [...room.seats().map((s) => s.name), ...e.reserved]);
  if (clash) return refused(room, clash);
  room.store.putSeat({ seat, kind: 'human', name, level: null, tokenHash });
  room.changed({ seats: true });
  if (player) linkPlayers(room, [[seat, player]]);
  if (player && config.rated) await noteRatings(room, [[seat, player]]);
  room.setPresence(presence.joined(room.presence(), seat, connectedSeats(room.ctx, config.players)[seat]!, Date.now()));
  if (open.length === 1) await start(room);
  else room.broadcast();
  await room.publisher.settled();
  return { ok: true, seat, token };
}

/** A join refused (a seat that is not there or is taken, a hold, a name): one log line, nothing changed. */
function refused(room: Room, r: Refusal): { ok: false } & Refusal {
  logEvent('refused', { match: room.cfg()?.id, code: r.code, where: 'POST /api/matches/:id/join' });
  return { ok: false, ...r };
}

/** Every seat is taken: deal, persist, tell everyone, wake the first bot. */
async function start(room: Room): Promise<void> {
  const config = room.cfg()!;
  const g = createGame(setupOf(config, room.seats().map((s) => s.name)));
  room.store.saveState(g);
  room.changed({ state: g });
  logEvent('started', { match: config.id, players: config.players, waitedMs: Date.now() - config.createdAt });
  await releaseHold(room.env, config);
  await room.schedule();
  room.broadcast();
  if (config.public) await lobby(room.env).remove(config.id);
}

/** Every player asking gets the same new match; one asked for at once is made once. */
const rematching = new WeakMap<Room, Promise<Result<Pick<MatchCreated, 'id'>>>>();

/**
 * Same seats, same bots, same options, a new seed; every player joins again with a new token.
 * `client`: the asking address (a clientKey), which the new match counts against (caps.ts).
 */
export async function rematch(room: Room, token: string, client: string): Promise<Result<Pick<MatchCreated, 'id'>>> {
  const config = room.cfg();
  if (!config) return refuse('not-found', 'No such match.');
  if ((await room.seatOfToken(token)) === null) return refuse('bad-token', 'That token holds no seat of this match.');
  if (room.status() !== 'over') return refuse('not-over', 'The match is not over yet.');
  const done = room.store.getMeta<string>('rematch');
  // A rematch nobody started is deleted after a day (retention.ts): asking again makes a new one.
  if (done && (await room.env.MATCH.getByName(done).summary())) return { ok: true, id: done };
  let making = rematching.get(room);
  if (!making) {
    making = makeRematch(room, config, done, client).finally(() => rematching.delete(room));
    rematching.set(room, making);
  }
  return making;
}

async function makeRematch(room: Room, config: MatchConfig, done: string | null, client: string): Promise<Result<Pick<MatchCreated, 'id'>>> {
  const made = room.store.getMeta<string>('rematch');
  if (made && made !== done) return { ok: true, id: made };
  const createdAt = Date.now();
  // A fresh random deal: a chosen seed is never carried over (nor its mark).
  const counted = await countRematch(room.env, { ...config, id: newMatchId(), seed: randomSeed(), seeded: false, createdAt }, client);
  if ('refusal' in counted) return { ok: false, ...counted.refusal };
  const { id } = counted.config;
  // Each person's seat is kept for them a while: the new id reaches spectators too.
  const holds = holdsFor(room.seats(), createdAt + rematchHoldMs(room.env));
  await room.env.MATCH.getByName(id).create(counted.config, holds);
  room.store.setMeta('rematch', id);
  // Everyone still at the table (and watching) learns there is a rematch to join.
  room.broadcast();
  return { ok: true, id };
}
