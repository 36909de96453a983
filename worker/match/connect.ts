// Sockets coming and going: who a new connection is (its token's seat, its address), whether it
// may open (admission.ts), what it is shown on arrival, and what a socket's leaving changes. And
// an object that holds no match (never made, deleted, or the one that answers ids of the wrong
// form): it answers so a browser logs nothing as an error (it cannot read the status of a
// refused upgrade, and logs the refusal), and stores nothing.
import { errorBody, socketError, type ErrorCode } from '../../shared/protocol';
import { addressOf } from '../shared/address';
import { CLOSE_SPECTATORS_FULL } from '../shared/limits';
import { isOpen, isUpgrade, optIns, refusedSocket, seatOf, seatTag, setAttachment, SPECTATOR, wasRefused } from '../shared/sockets';
import type { Due } from '../shared/config';
import { MATCH_ID } from '../shared/ids';
import { back } from './moves';
import type { Room } from './room';
import { addressTag, crowded } from './sockets/admission';
import type { RefusalLog } from './sockets/refusal-log';
import { greet } from './sockets/deliver';
import { CLOSE_BAD_NAME, nameRefused, spectatorName } from './sockets/watchers';
import { paused } from './table/clock';
import * as presence from './table/presence';
import { buildView } from './views';
import { CLOSE_DELETED } from './retention';
import * as retention from './retention';

/** How late a job may be before it counts as lost: an alarm on a busy machine runs late, not this late. */
const LOST_MS = 2000;

/** Who asks to connect: the seat their token proves (null: none, or no token), from where. */
export interface Caller { url: URL; token: string | null; seat: number | null; address: string }

/** Authenticate: the token's seat (only hashes are stored) and the address the edge passed on. */
export async function caller(room: Room, request: Request): Promise<Caller> {
  const url = new URL(request.url);
  const token = url.searchParams.get('token');
  return { url, token, seat: token === null ? null : await room.seatOfToken(token), address: addressOf(request) };
}

type Fail = (code: ErrorCode, message: string) => Response;

/**
 * Admit: the answer refusing this connection, or null when it may open: too many new seatless
 * connections from the address (429 before the upgrade: churn builds no views), a token that
 * holds no seat, or one socket too many (admission.ts crowded).
 */
export function refusal(room: Room, c: Caller, fail: Fail): Response | null {
  const id = room.cfg()!.id;
  const wait = c.seat === null ? room.admission.connect(room.env, c.address) : 0;
  if (wait) {
    room.refusals.write(id, 'rate-limited', 'connects');
    const res = fail('rate-limited', `Too many new connections from this address; try again in ${wait} s.`);
    res.headers.set('Retry-After', String(wait));
    return res;
  }
  if (c.token !== null && c.seat === null) {
    room.refusals.write(id, 'bad-token', 'upgrade');
    return refusedSocket(room.ctx, socketError('bad-token', 'That token holds no seat of this match.'), 4001, 'bad token');
  }
  const tooMany = crowded(room.ctx, room.env, c.seat, c.address);
  if (tooMany) {
    room.refusals.write(id, 'full', c.seat === null ? 'spectators' : 'seat');
    return refusedSocket(room.ctx, socketError('full', tooMany), CLOSE_SPECTATORS_FULL, 'full');
  }
  return null;
}

/**
 * Accept the socket (hibernatable, tagged by seat or as a spectator of its address) and deliver
 * what its arrival changes. A spectator's name that reads like someone's here is refused, checked
 * with no await before the accept, so two sockets cannot take one name.
 */
export async function accept(room: Room, c: Caller): Promise<Response> {
  await rearmIfLost(room);
  const named = c.seat === null ? spectatorName(room.ctx, c.url, room.seats()) : { name: null };
  if ('refusal' in named) {
    room.refusals.write(room.cfg()!.id, named.refusal.code, 'name');
    return refusedSocket(room.ctx, nameRefused(named.refusal), CLOSE_BAD_NAME, 'name refused');
  }
  const { seat, url } = c;
  const { 0: client, 1: server } = new WebSocketPair();
  const wasConnected = seat !== null && room.ctx.getWebSockets(seatTag(seat)).some(isOpen);
  const tag = seat === null ? SPECTATOR : seatTag(seat);
  // A spectator's address tag counts its sockets (addressFull); seats are not counted.
  room.ctx.acceptWebSocket(server, seat === null ? [tag, addressTag(c.address)] : [tag]);
  setAttachment(server, { seat, ...optIns(url), ...(named.name ? { name: named.name } : {}) });
  if (seat === null || url.searchParams.get('watchers') === '1') room.watchersTold.tell(room.ctx);
  if (seat === null) {
    greet(room.ctx, room.sent, server, tag, room.watchedView());
    room.spectatorsTold.tell(room.ctx, room.version);
    room.publisher.changed();
    // A watched-only match's first spectator: its bots play again.
    if (room.cfg()!.watched && room.state() && !room.store.getMeta<Due>('due')) await room.schedule();
  } else {
    if (!room.state()) await room.listing.back(room.cfg()!);
    const handedBack = await back(room, seat);
    // A seat coming online is a change everyone sees; a seat's second tab just gets the view.
    if (!wasConnected || handedBack) room.broadcast();
    else greet(room.ctx, room.sent, server, tag, buildView(room.scene(), seat));
  }
  room.chat.greet(server, room.cfg()!.public);
  return new Response(null, { status: 101, webSocket: client });
}

/** A socket went. A spectator's: the seats hear the new count. A seat's last: its `connected` changes and its grace period starts. */
export async function gone(room: Room, ws: WebSocket): Promise<void> {
  if (!room.cfg() || wasRefused(room.ctx, ws)) return;
  const seat = seatOf(ws);
  if (seat === null) {
    room.publisher.changed();
    room.spectatorsTold.tell(room.ctx, room.version);
    room.watchersTold.tell(room.ctx);
    // A watched-only match's last spectator left: its bots' alarm stops. Not on every leave:
    // rescheduling would push the next bot move back each time.
    if (room.state() && paused(room.cfg()!, room.ctx)) await room.schedule();
    return;
  }
  if (room.ctx.getWebSockets(seatTag(seat)).some((s) => s !== ws && isOpen(s))) return;
  const p = presence.gone(room.presence(), seat, Date.now());
  room.setPresence(p);
  if (room.state()) await room.schedule();
  else await room.armWaiting(room.listing.watch(room.cfg()!, p));
  room.broadcast();
}

/**
 * A job long overdue whose alarm is gone, or armed for a time long past that never came (seen in
 * the runtime, locally and deployed): arm it again, a moment ahead (an alarm armed for "now" can
 * be dropped).
 */
export async function rearmIfLost(room: Room): Promise<void> {
  const now = Date.now();
  const due = room.store.getMeta<Due>('due');
  if (due && due.at < now - LOST_MS) {
    const armed = await room.ctx.storage.getAlarm();
    if (armed === null || armed < now - LOST_MS) await room.setAlarm(now + 1);
  }
  const g = room.state();
  if (!g || g.over) {
    await retention.armIfMissing(room.ctx, room.expiresAt());
    room.alarmUnknown();
  }
}

/**
 * The one object that answers the sockets of ids of the wrong form (no object is named by one): not
 * itself of a match id's form, so no match is ever made in it.
 */
export const MALFORMED_IDS = 'malformed-ids';

/**
 * A match object that holds no match (never made, deleted, or MALFORMED_IDS): a socket is sent one
 * not-found error and closed with 4004, the code a deleted match's sockets get: do not reconnect
 * (one paced line, worker/match/sockets/refusal-log.ts). Anything else is 404, logged by the route.
 */
export function noMatchHere(ctx: DurableObjectState, request: Request, refusals: RefusalLog): Response {
  if (!isUpgrade(request.headers.get('Upgrade'))) return Response.json(errorBody('not-found', 'No such match.'), { status: 404 });
  const id = new URL(request.url).pathname.split('/')[3] ?? '';
  refusals.write(MATCH_ID.test(id) ? id : undefined, 'not-found', MATCH_ID.test(id) ? 'unknown' : 'malformed');
  return refusedSocket(ctx, socketError('not-found', 'No such match.'), CLOSE_DELETED, 'No such match.');
}
