// Where each of the deciding seat's options shows up on the table. This only
// maps option strings to the things they name (a card in hand, a minion, a
// location, a horde slot, "none"); which options exist is the server's call.
import { computed } from './signal';
import type { Move } from '../../shared/engine/types';
import type { View } from '../../shared/protocol/view';
import { conn, lastLocation, picked, sentAt, view } from './state';

export interface Choices {
  /** The decision is this viewer's and can be answered now. */
  live: boolean;
  /** Hand cards: the choose action, or null for a `play` card (pick it, then a location). */
  hand: Map<string, Move | null>;
  minions: Map<string, Move>;
  locations: Map<string, Move>;
  /** Griffin slots "0".."n", drawn in the horde at `slotsAt`. */
  slots: Map<number, Move>;
  slotsAt: string | null;
  decline: Move | null;
  /** Options with no place on the table (e.g. location sides to choose): buttons in the decision bar. */
  other: Move[];
}

/** The last seat is choosing the location sides: no turn has begun, no hand or hero is dealt yet. */
export const choosingSides = (v: View): boolean => v.pending?.kind === 'choose-side';

const none = (): Choices => ({
  live: false, hand: new Map(), minions: new Map(), locations: new Map(), slots: new Map(), slotsAt: null,
  decline: null, other: [],
});

export const choices = computed<Choices>(() => {
  const c = none();
  const v = view.value;
  const opts = v?.pending?.options;
  if (!v || !opts || v.pending!.seat !== v.you || sentAt.value === v.version || conn.value !== 'connected') return c;
  c.live = true;
  const hand = new Set(v.hand);
  const board = new Set(v.locations.flatMap((l) => l.horde.map((m) => m.card)));
  const locs = new Set(v.locations.map((l) => l.id));
  for (const o of opts) {
    if (o.type === 'play') {
      c.hand.set(o.card, null);
      if (o.card === picked.value) c.locations.set(o.location, o);
      continue;
    }
    const s = o.option;
    if (s === 'none') c.decline = o;
    else if (hand.has(s)) c.hand.set(s, o);
    else if (board.has(s)) c.minions.set(s, o);
    else if (locs.has(s)) c.locations.set(s, o);
    else if (/^\d+$/.test(s)) c.slots.set(Number(s), o);
    else c.other.push(o);
  }
  if (c.slots.size) {
    // Slots 0..n belong to the horde the decision names (or, from an older server, the one this
    // client just played to); unsure → plain buttons.
    const at = v.locations.find((l) => l.id === (v.pending!.location ?? lastLocation.value));
    if (at && at.horde.length === c.slots.size - 1) c.slotsAt = at.id;
    else c.other.push(...c.slots.values());
  }
  return c;
});
