// Reactions (shared/protocol/emotes.ts): a seated player's fixed phrase, sent at
// once to every socket that opted in (`?emotes=1`); a spectator's too, with `seat: null`
// (its budgets are in inbound.ts). Not game actions, so not
// stored: a reaction is over in seconds, and one lost to an eviction is not missed.
import { EMOTE_COOLDOWN_MS, type Emote, type Refusal } from '../../../shared/protocol';
import { sendWhere } from '../../shared/sockets';

/** When each seat last reacted (memory only: an eviction forgives the cooldown). */
export type EmoteClock = Map<number, number>;

export function react(ctx: DurableObjectState, last: EmoteClock, seat: number, emote: Emote, now = Date.now()): Refusal | null {
  const since = now - (last.get(seat) ?? -Infinity);
  if (since < EMOTE_COOLDOWN_MS) {
    return { code: 'rate-limited', message: `One reaction every ${EMOTE_COOLDOWN_MS / 1000} seconds.` };
  }
  last.set(seat, now);
  sendWhere(ctx, JSON.stringify({ type: 'emote', seat, emote }), (a) => !!a.emotes);
  return null;
}

/** A spectator's reaction, already within its budgets: `seat: null` marks it as the crowd's. */
export function crowdReact(ctx: DurableObjectState, emote: Emote): void {
  sendWhere(ctx, JSON.stringify({ type: 'emote', seat: null, emote }), (a) => !!a.emotes);
}
