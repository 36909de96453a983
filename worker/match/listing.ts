// When a public waiting match leaves the public list: once no person seated in
// it has had a socket open for WAITING_GONE_MS (counting from its creation, so
// a match nobody joins or connects to goes too). The web client creates, joins
// and connects at once, so a creator who closed the tab is gone within a minute.
//
// Checked on the match's alarm rather than when the list is read: a waiting
// match has no bot or clock job to share the alarm with, it costs one wake-up
// when the last socket goes (none while anyone is there), and the entry leaves
// the Lobby, so the creator's count of waiting matches (lobby.ts) is right
// whether or not anyone reads the list. A seated person who connects again
// lists it again (within its creator's cap of listed ones). The entry is unlisted, not removed:
// it still counts against its creator's cap of waiting matches (lobby.ts).
import { lobby } from '../lobby/lobby';
import { publicWaitingPerAddress, waitingGoneMs } from '../shared/limits';
import { connectedSeats } from '../shared/sockets';
import type { MatchConfig, Presence } from '../shared/config';
import type { MatchStore } from './storage';

/** When the match counts as gone, or null while a seated person is connected. */
export function goneAt(createdAt: number, presence: Presence, connected: boolean[], goneMs: number): number | null {
  if (connected.some(Boolean)) return null;
  // leftAt: since when each away person has had no socket (from their join if they never connected).
  return Math.max(createdAt, ...Object.values(presence.leftAt)) + goneMs;
}

/** The listing side of one waiting match; the Match calls it only while it has no game state. */
export class Listing {
  constructor(private ctx: DurableObjectState, private env: Env, private store: MatchStore) {}

  private gone(config: MatchConfig, presence: Presence): number | null {
    return goneAt(config.createdAt, presence, connectedSeats(this.ctx, config.players), waitingGoneMs(this.env));
  }

  // Both say when the alarm should look again (null: no need); the Match arms the earliest of
  // that and its other jobs (retention.ts): the object has one alarm.

  /** Nobody seated is connected (created, or the last socket went): look again when they count as gone. */
  watch(config: MatchConfig, presence: Presence): number | null {
    if (!config.public) return null;
    return this.gone(config, presence);
  }

  /** The waiting match's alarm: off the list if its people are still gone, else look again then. */
  async alarm(config: MatchConfig, presence: Presence, slackMs: number): Promise<number | null> {
    if (!config.public || this.store.getMeta<boolean>('unlisted')) return null;
    const at = this.gone(config, presence);
    if (at === null) return null;
    if (Date.now() + slackMs < at) return at;
    this.store.setMeta('unlisted', true);
    await lobby(this.env).setListed(config.id, false);
    return null;
  }

  /** A seated person connected: an unlisted match is listed again, if its creator's cap allows. */
  async back(config: MatchConfig): Promise<void> {
    if (!this.store.getMeta<boolean>('unlisted')) return;
    if (await lobby(this.env).setListed(config.id, true, publicWaitingPerAddress(this.env))) this.store.deleteMeta('unlisted');
  }
}
