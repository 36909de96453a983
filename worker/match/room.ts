// One match's state as the hooks share it: what SQLite holds (storage.ts), cached in memory, and
// the few steps every change goes through (broadcast, deliver, schedule). Memory is only a cache:
// after hibernation every field is reloaded on first use. What lives in memory alone (spectators'
// budgets, connection churn, log pacing, the counts told) is forgiven by an eviction.
import type { GameState } from '../../shared/engine';
import type { MatchStatus, MatchSummary, View } from '../../shared/protocol';
import type { Listed } from '../lobby/publisher';
import { Publisher } from '../lobby/publisher';
import { type Due, type MatchConfig, type Presence, type SeatPlayers, type SeatRow } from '../shared/config';
import { hashToken } from '../shared/ids';
import { census, connectedSeats, spectatorCount } from '../shared/sockets';
import { Listing } from './listing';
import * as retention from './retention';
import { Admission, watchingAddresses } from './sockets/admission';
import { broadcast, SpectatorCount } from './sockets/deliver';
import { EarlierLog, setupOf } from './sockets/earlier';
import type { EmoteClock } from './sockets/emotes';
import { SpectatorInbound } from './sockets/inbound';
import { RefusalLog } from './sockets/refusal-log';
import { SentViews } from './sockets/sent';
import { WatchersTold } from './sockets/watchers';
import { MatchStore } from './storage';
import { isCurrent, nextDue, paused, toArm } from './table/clock';
import * as hints from './table/hints';
import type { Since } from './table/idle';
import { isRated, retryAt, seatRatings } from './table/players';
import * as presence from './table/presence';
import { Chat } from './sockets/chat';
import { buildSummary, buildView, tableRules, viewsFor, type Scene } from './views';

export class Room {
  readonly store: MatchStore;
  readonly sent = new SentViews();
  readonly listing: Listing;
  readonly publisher: Publisher;
  readonly inbound = new SpectatorInbound();
  readonly admission = new Admission();
  readonly refusals = new RefusalLog();
  readonly emoteClock: EmoteClock = new Map();
  /** The seats hear the spectator count as spectators come and go, a crowd's wave told once. */
  readonly spectatorsTold = new SpectatorCount();
  readonly watchersTold = new WatchersTold();
  readonly chat: Chat;
  private earlier = new EarlierLog();
  private config: MatchConfig | null | undefined;
  private seatRows: SeatRow[] | undefined;
  private game: GameState | null | undefined;
  /** The spectators' view and its JSON, made once between broadcasts (greetings). */
  private watched: { view: View; json: string } | undefined;

  constructor(readonly ctx: DurableObjectState, readonly env: Env) {
    this.store = new MatchStore(ctx.storage.sql, ctx.storage);
    this.chat = new Chat(ctx.storage.sql);
    this.listing = new Listing(ctx, env, this.store);
    this.publisher = new Publisher(env, () => this.listed());
  }

  // --- what SQLite holds, cached --------------------------------------------

  cfg(): MatchConfig | null {
    if (this.config === undefined) this.config = this.store.getMeta<MatchConfig>('config');
    return this.config;
  }

  seats(): SeatRow[] {
    return (this.seatRows ??= this.store.seats());
  }

  state(): GameState | null {
    if (this.game === undefined) this.game = this.store.loadState();
    return this.game;
  }

  /** The config, seats or state were written: they are read again (the state given, when known). */
  changed(what: { config?: MatchConfig; state?: GameState; seats?: true }): void {
    if (what.config) this.config = what.config;
    if (what.state) this.game = what.state;
    if (what.seats) this.seatRows = undefined;
  }

  /** Memory forgets everything (the storage was deleted, or edited from outside by a test). */
  forget(): void {
    this.store.forget();
    this.config = undefined;
    this.game = undefined;
    this.seatRows = undefined;
    this.watched = undefined;
    this.earlier = new EarlierLog();
    this.armed = undefined;
  }

  /** The answer to a `log` message (sockets/earlier.ts): the whole log before `before`, any viewer's alike. */
  earlierLog(before?: number): string {
    return this.earlier.answer(this.state(), () => ({ setup: setupOf(this.cfg()!, this.state()!.names), actions: this.store.actions() }), before);
  }

  version = (): number => this.state()?.version ?? 0;

  /** Who is away or stood in for; changed only by presence.ts's functions, written back here. */
  presence(): Presence {
    return this.store.getMeta<Presence>('presence') ?? presence.nobodyAway();
  }

  /** `p`: the new presence, or null when nothing changed (nothing is written). */
  setPresence(p: Presence | null): void {
    if (p) this.store.setMeta('presence', p);
  }

  /**
   * When the pending decision began: stored when something other than an action began it (the
   * start, a seat handed back), else the time its state's action was stored, so a move writes no
   * second row for it.
   */
  since(): Since | null {
    const stored = this.store.getMeta<Since>('since');
    const version = this.version();
    if (stored?.version === version) return stored;
    const last = this.store.lastAction();
    return last?.version === version ? last : stored;
  }

  hinted(): hints.Hinted {
    return this.store.getMeta<hints.Hinted>('hinted') ?? {};
  }

  /** Authenticate: the seat a token holds (only its SHA-256 hash is stored), or null. */
  async seatOfToken(token: string): Promise<number | null> {
    const hash = await hashToken(token);
    return this.seats().find((s) => s.tokenHash === hash)?.seat ?? null;
  }

  status(): MatchStatus {
    const g = this.state();
    return !g ? 'waiting' : g.over ? 'over' : 'playing';
  }

  // --- what people are shown ------------------------------------------------

  /** `connected`: which seats have a socket open, when the caller has just counted them. */
  scene(connected?: boolean[]): Scene {
    const config = this.cfg()!;
    const g = this.state();
    return {
      id: config.id, players: config.players, status: this.status(), seats: this.seats(),
      connected: connected ?? connectedSeats(this.ctx, config.players), state: g, due: this.store.getMeta<Due>('due'),
      ...presence.shown(this.presence(), g, this.seats(), config, this.since(), Date.now()),
      rematch: this.store.getMeta<string>('rematch'), seeded: config.seeded === true,
      hints: hints.shownHints(this.hinted(), g, config.players), rules: tableRules(config),
      ...(config.rated ? { ratings: seatRatings(this), rated: isRated(config, this.seats(), this.store.getMeta<SeatPlayers>('players') ?? {}) } : {}),
      ...(config.lesson ? { lesson: config.lesson } : {}),
    };
  }

  summary(): MatchSummary | null {
    return this.cfg() ? buildSummary(this.scene(), spectatorCount(this.ctx)) : null;
  }

  /**
   * What a spectator arriving now is shown: the view every spectator already holds, so a crowd
   * connecting at once costs one view, not one each. Every change anyone can see is broadcast,
   * and a broadcast makes it again.
   */
  watchedView(): { view: View; json: string } {
    if (!this.watched) {
      const view = buildView(this.scene(), null);
      this.watched = { view, json: JSON.stringify(view) };
    }
    return this.watched;
  }

  /** What the public list's entry is made from (publisher.ts); null for a private match. */
  private listed(): Listed | null {
    const config = this.cfg();
    if (!config?.public) return null;
    return {
      config, status: this.status(), unlisted: this.store.getMeta<boolean>('unlisted') === true, seats: this.seats(),
      summary: () => this.summary()!, watched: () => this.watchedView().view, spectators: () => watchingAddresses(this.ctx),
    };
  }

  // --- every change goes out through these ----------------------------------

  /** Each open socket gets its own view, whole or as a patch (deliver.ts); the public list after them. */
  broadcast(): void {
    this.watched = undefined;
    const sockets = census(this.ctx, this.cfg()!.players);
    broadcast(sockets, this.sent, viewsFor(this.scene(sockets.connected)));
    this.publisher.changed();
  }

  /**
   * A change everyone sees, and the alarm's next job. The job is stored first (views show its
   * clock); the alarm is armed after the views go out: the output gate holds them until every
   * write, the alarm too, is durable.
   */
  async deliver(): Promise<void> {
    const arming = this.schedule();
    this.broadcast();
    await arming;
  }

  /** Arm the alarm for the next job (clock.ts nextDue), or disarm it. The job is stored at once, before the first await. */
  async schedule(): Promise<void> {
    const g = this.state()!;
    const config = this.cfg()!;
    const now = Date.now();
    const before = this.store.getMeta<Due>('due');
    const since = this.decisionSince(g, now);
    // Nothing else due in play: the stalled match's bound (retention.ts). Watched-only and nobody watching: nothing.
    const next = nextDue(g, this.seats(), config, this.presence(), now, before, since) ?? retention.stalledJob(this.env, g, since);
    const due = paused(config, this.ctx) ? null : toArm(next, before, now);
    if (due) {
      if (earlyWakeWillDo(due, before, g, this.armed)) return;
      this.store.setMeta('due', due);
      await this.setAlarm(due.at);
      return;
    }
    if (before) this.store.deleteMeta('due');
    // The end: the only jobs left are the players' lists if their write failed, and the deletion.
    const expires = this.expiresAt();
    if (expires !== null) await this.setAlarm(Math.min(expires, retryAt(this.store) ?? Infinity));
    else if (before) {
      this.armed = null;
      await this.ctx.storage.deleteAlarm();
    }
  }

  /**
   * The alarm this object armed last, as far as memory knows: undefined when it does not (after a
   * wake, or once the alarm has rung), null when there is none.
   */
  private armed: number | null | undefined;

  async setAlarm(at: number): Promise<void> {
    this.armed = at;
    await this.ctx.storage.setAlarm(at);
  }

  /** The alarm rang (it is gone, or will be retried), or was changed around these methods. */
  alarmUnknown(): void {
    this.armed = undefined;
  }

  /** When the pending decision began (its idle time runs from then), recorded when the version moves on. */
  private decisionSince(g: GameState, now: number): Since {
    const stored = this.since();
    const since = presence.decisionSince(stored, g.version, now);
    if (since !== stored) this.store.setMeta('since', since);
    return since;
  }

  /** When the match's storage is deleted (retention.ts); null while in play. */
  expiresAt(): number | null {
    return retention.expiresAt(this.env, this.cfg()!, this.state(), () => this.store.lastActionAt());
  }

  /** A waiting match's alarm: the list's next look (`listingAt`) or its deletion, whichever comes first. */
  async armWaiting(listingAt: number | null): Promise<void> {
    // Started meanwhile (a join while the list was being told): the game's job owns the alarm now.
    if (this.state()) return;
    await this.setAlarm(Math.min(listingAt ?? Infinity, this.expiresAt()!));
  }
}

/**
 * A job no one is shown a clock for (an idle seat's hand-over, a stalled match's end) is neither
 * stored nor armed when an alarm is armed already no later and the stored job is for an earlier
 * decision: that alarm rings early, finds the stored job is not the current decision's and plans
 * this one again (jobs.ts), from what is stored (the state, and when its decision began). So a
 * person's move, which moves such a job on by the time between moves, writes only its action.
 * A stored job of the current decision (another kind: a grace period that ended) is replaced.
 */
const earlyWakeWillDo = (due: Due, before: Due | null, g: GameState, armed: number | null | undefined): boolean =>
  (due.kind === 'idle' || due.kind === 'stalled') && due.deadline === undefined && typeof armed === 'number' && armed <= due.at &&
  !isCurrent(before, g);
