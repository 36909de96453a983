// A seat's messages and every move made: validate and apply, persist, deliver. A person's move
// comes from their socket; a bot's, a stand-in's and a clock's from the alarm (jobs.ts). Either way
// the action is stored before any socket hears of it.
import type { Move } from '../../shared/engine';
import type { Refusal } from '../../shared/protocol';
import { logEvent } from '../shared/log';
import { send } from '../shared/sockets';
import { handOver, hint } from './hand-over';
import type { Room } from './room';
import { react } from './sockets/emotes';
import { parseMessage } from './sockets/input';
import { allow } from './sockets/ratelimit';
import { decide, type Decided } from './table/actions';
import * as hints from './table/hints';
import { recordEnd } from './table/players';
import * as presence from './table/presence';

/** Who made a move: a person, a bot in its own seat, or a bot standing in for a person. */
export type Mover = 'person' | 'bot' | 'stand-in';

/** A seat's message (its socket's attachment says which seat: the token proved it at the upgrade). */
export async function seatMessage(room: Room, ws: WebSocket, seat: number, message: string | ArrayBuffer): Promise<Refusal | null> {
  if (!allow(ws)) return { code: 'rate-limited', message: 'Too many messages; slow down.' };
  const parsed = parseMessage(message);
  if (!parsed.ok) return parsed.refusal;
  const msg = parsed.msg;
  if (msg.type === 'ping') {
    send(ws, { type: 'pong' });
    return null;
  }
  if (msg.type === 'stand-in') return handOver(room, seat, msg.seat);
  if (msg.type === 'emote') return react(room.ctx, room.emoteClock, seat, msg.emote);
  if (msg.type === 'hint') return hint(room, seat);
  if (msg.type === 'chat') return room.chat.say(room.ctx, room.cfg()!.public, seat, room.seats()[seat]?.name ?? `Seat ${seat + 1}`, msg.text);
  if (msg.type === 'log') {
    send(ws, room.earlierLog(msg.before));
    return null;
  }
  const move: Move = msg.type === 'play' ? { type: 'play', card: msg.card, location: msg.location } : { type: 'choose', option: msg.option };
  const base = room.state();
  const decided = decide(base, seat, move, msg.version, false, hints.isHinted(room.hinted(), base, seat));
  if (!decided.ok) return decided.refusal;
  // The person acts again: the stand-in steps aside before their action is applied.
  await back(room, seat);
  // Decided once (apply is most of an action's cost), unless the state moved meanwhile.
  return act(room, seat, move, msg.version, 'person', room.state() === base ? decided : undefined);
}

/**
 * Validate and apply (not-your-decision, stale, illegal: actions.ts), persist, then deliver.
 * The version check makes a repeated action a refused one. `decided`: the same check already
 * made against the current state.
 */
export async function act(room: Room, seat: number, move: Move, version: number, by: Mover, decided?: Decided): Promise<Refusal | null> {
  const g = room.state();
  const r = decided ?? decide(g, seat, move, version, by === 'stand-in', hints.isHinted(room.hinted(), g, seat));
  if (!r.ok) return r.refusal;
  // Persist before anyone hears of it.
  room.store.commit(r.action, r.state);
  room.changed({ state: r.state });
  if (r.state.over) {
    const config = room.cfg()!;
    logEvent('ended', { match: config.id, actions: r.state.version, sinceCreatedMs: Date.now() - config.createdAt });
    // In the players' lists before anyone hears it is over.
    await recordEnd(room);
  }
  if (by !== 'bot') room.setPresence(presence.moved(room.presence(), seat, by));
  // (A list that could not be written is tried again by the alarm this arms: room.ts schedule.)
  await room.deliver();
  return null;
}

/** The seat's person is here (connected, or acting): no grace period, no stand-in. True if a stand-in left. */
export async function back(room: Room, seat: number): Promise<boolean> {
  const b = presence.back(room.presence(), seat, room.state(), Date.now());
  if (!b.presence) return false;
  room.setPresence(b.presence);
  if (b.since) room.store.setMeta('since', b.since);
  if (room.state()) await room.schedule();
  return b.handedBack;
}
