// What a seat may ask besides a move: that a stand-in play for an idle person (idle.ts says when),
// and a hint on its own decision (hints.ts). Each is refused with one log line, or stored before
// anyone sees it.
import type { Refusal } from '../../shared/protocol';
import { logEvent } from '../shared/log';
import type { Room } from './room';
import * as hints from './table/hints';
import * as presence from './table/presence';

/** Seat `by` lets a stand-in play for `seat`'s idle person: the stand-in's move is the next job. */
export async function handOver(room: Room, by: number, seat: number): Promise<Refusal | null> {
  const r = presence.handOver(room.presence(), room.state(), room.seats(), room.cfg()!, room.since(), by, seat, Date.now());
  if ('refusal' in r) {
    logEvent('refused', { match: room.cfg()!.id, code: r.refusal.code, where: 'socket', type: 'stand-in' });
    return r.refusal;
  }
  room.setPresence(r.presence);
  await room.deliver();
  return null;
}

/** A hint asked for: counted and stored before anyone sees the count. */
export function hint(room: Room, seat: number): Refusal | null {
  const g = room.state();
  const refusal = hints.hintRefusal(g, room.seats(), seat);
  if (refusal) return refusal;
  // A lesson's coach asks at every decision, not the learner: nothing to count.
  if (room.cfg()!.lesson) return null;
  const next = hints.asked(room.hinted(), g!, seat);
  if (!next) return null;
  room.store.setMeta('hinted', next);
  room.broadcast();
  return null;
}
