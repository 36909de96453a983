import { DurableObject } from 'cloudflare:workers';
import { createGame, type GameState, type Move } from '../../shared/engine';
import { decide, type Decided } from './table/actions';
import { addressOf } from '../shared/address';
import { addressTag, Admission, crowded, watchingAddresses } from './sockets/admission';
import { errorBody, HTTP_STATUS, socketError, type ErrorCode, type Joined, type MatchCreated, type MatchStatus, type MatchSummary, type Refusal, type Replay, type View } from '../../shared/protocol';
import { botMove, botRng, nextDue, toArm } from './table/clock';
import type { Since } from './table/idle';
import { hashToken, newMatchId, newToken, randomSeed } from '../shared/ids';
import { parseMessage } from './sockets/input';
import { lobby } from '../lobby/lobby';
import { broadcast, greet, SpectatorCount } from './sockets/deliver';
import { react, type EmoteClock } from './sockets/emotes';
import { entry, heldRefusal, holdsFor, type Holds } from './table/holds';
import * as hints from './table/hints';
import { Publisher, type Listed } from '../lobby/publisher';
import { countRematch, releaseHold } from '../lobby/caps';
import { paused } from './table/clock';
import { CLOSE_BAD_NAME, nameRefused, spectatorName, WatchersTold } from './sockets/watchers';
import { Listing } from './listing';
import { logEvent } from '../shared/log';
import { botName, nameClash } from './table/naming';
import { CLOSE_POLICY, SpectatorInbound } from './sockets/inbound';
import { CLOSE_SPECTATORS_FULL, rematchHoldMs } from '../shared/limits';
import * as presence from './table/presence';
import { allow } from './sockets/ratelimit';
import { RefusalLog } from './sockets/refusal-log';
import { replayed, type Replayed } from './replay';
import * as retention from './retention';
import { SentViews } from './sockets/sent';
import { noMatchHere } from './missing';
import { closeCode, connectedSeats, isOpen, isUpgrade, optIns, refusedSocket, seatOf, seatTag, send, setAttachment, SPECTATOR, spectatorCount, wasRefused } from '../shared/sockets';
import type { Seated } from '../shared/config';
import { ALARM_SLACK_MS, type Due, type MatchConfig, type Presence, type SeatRow } from '../shared/config';
import { MatchStore } from './storage';
import { buildSummary, buildView, replayViews, tableRules, viewsFor, type Scene } from './views';

export type Result<T> = ({ ok: true } & T) | ({ ok: false } & Refusal);

/** Who made a move: a person, a bot in its own seat, or a bot standing in for a person. */
type Mover = 'person' | 'bot' | 'stand-in';

const refuse = (code: ErrorCode, message: string): { ok: false } & Refusal => ({ ok: false, code, message });

/**
 * One match of Retreat to Darkmoor. Memory is only a cache of SQLite
 * (storage.ts): after hibernation every field is reloaded on first use.
 * Sockets use the Hibernation API; bots, clocks and grace periods run on the alarm.
 */
export class Match extends DurableObject<Env> {
  private store: MatchStore;
  private sent: SentViews;
  private config: MatchConfig | null | undefined;
  private seatRows: SeatRow[] | undefined;
  private game: GameState | null | undefined;
  private rematching: Promise<Result<Pick<MatchCreated, 'id'>>> | null = null;
  private emoteClock: EmoteClock = new Map();
  private listing: Listing;
  private publisher: Publisher;
  // Memory only (an eviction forgives a little): spectators' budgets, connection churn, log pacing.
  private inbound = new SpectatorInbound();
  private admission = new Admission();
  private refusals = new RefusalLog();
  /** The spectators' view and its JSON, made once between broadcasts (greetings). */
  private watched: { view: View; json: string } | undefined;
  /** The seats hear the spectator count as spectators come and go, a crowd's wave told once. */
  private spectatorsTold = new SpectatorCount();
  private watchersTold = new WatchersTold();
  private version = (): number => this.state()?.version ?? 0;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new MatchStore(ctx.storage.sql, ctx.storage);
    this.sent = new SentViews();
    this.listing = new Listing(ctx, env, this.store);
    this.publisher = new Publisher(env, () => this.listed());
    // Answered by the runtime without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('{"type":"ping"}', '{"type":"pong"}'));
  }

  // --- lazily loaded state -------------------------------------------------

  private cfg(): MatchConfig | null {
    if (this.config === undefined) this.config = this.store.getMeta<MatchConfig>('config');
    return this.config;
  }

  private seats(): SeatRow[] {
    return (this.seatRows ??= this.store.seats());
  }

  private state(): GameState | null {
    if (this.game === undefined) this.game = this.store.loadState();
    return this.game;
  }

  /** Who is away or stood in for; changed only by presence.ts's functions, written back here. */
  private presence(): Presence {
    return this.store.getMeta<Presence>('presence') ?? presence.nobodyAway();
  }

  /** `p`: the new presence, or null when nothing changed (nothing is written). */
  private setPresence(p: Presence | null): void {
    if (p) this.store.setMeta('presence', p);
  }

  private since(): Since | null {
    return this.store.getMeta<Since>('since');
  }

  /** Authenticate: the seat a token holds (only its SHA-256 hash is stored), or null. */
  private async seatOfToken(token: string): Promise<number | null> {
    const hash = await hashToken(token);
    return this.seats().find((s) => s.tokenHash === hash)?.seat ?? null;
  }

  private status(): MatchStatus {
    const g = this.state();
    return !g ? 'waiting' : g.over ? 'over' : 'playing';
  }

  private scene(): Scene {
    const config = this.cfg()!;
    return {
      id: config.id,
      players: config.players,
      status: this.status(),
      seats: this.seats(),
      connected: connectedSeats(this.ctx, config.players),
      state: this.state(),
      due: this.store.getMeta<Due>('due'),
      ...presence.shown(this.presence(), this.state(), this.seats(), config, this.since(), Date.now()),
      rematch: this.store.getMeta<string>('rematch'),
      seeded: config.seeded === true,
      hints: hints.shownHints(this.hinted(), this.state(), config.players),
      rules: tableRules(config),
    };
  }

  private hinted(): hints.Hinted {
    return this.store.getMeta<hints.Hinted>('hinted') ?? {};
  }

  /** What the public list's entry is made from (directory.ts); null for a private match. */
  private listed(): Listed | null {
    const config = this.cfg();
    if (!config?.public) return null;
    return {
      config, status: this.status(), unlisted: this.store.getMeta<boolean>('unlisted') === true, seats: this.seats(),
      summary: () => this.summary()!, watched: () => this.watchedView().view, spectators: watchingAddresses(this.ctx),
    };
  }

  // --- lobby RPC (called by the worker's routes) ---------------------------

  /** Set the match up; bots take their seats at once. Called once, by POST /api/matches (or a rematch, with `holds`). */
  async create(config: MatchConfig, holds: Holds | null = null, people: Seated[] = []): Promise<void> {
    if (this.cfg()) throw new Error(`match ${config.id} exists already`);
    this.store.init();
    if (holds) this.store.setMeta('holds', holds);
    this.store.setMeta('config', config);
    this.config = config;
    // Bots take names no person here has (a quick match's people come named).
    const taken = people.map((p) => p.name);
    for (let seat = 0; seat < config.players; seat++) {
      const level = config.bots[String(seat)] ?? null;
      // A quick match's people come seated, their tokens made (and kept) by the queue (worker/queue.ts).
      const person = people.find((p) => p.seat === seat);
      if (person) this.setPresence(presence.joined(this.presence(), seat, false, config.createdAt));
      const bot = level ? botName(level, seat, taken) : '';
      if (bot) taken.push(bot);
      this.store.putSeat(person ? { seat, kind: 'human', name: person.name, level: null, tokenHash: person.tokenHash } : level
        ? { seat, kind: 'bot', name: bot, level, tokenHash: null }
        : { seat, kind: 'open', name: '', level: null, tokenHash: null });
    }
    this.seatRows = undefined;
    logEvent('created', {
      match: config.id, players: config.players, bots: Object.keys(config.bots).length, public: config.public,
      seeded: config.seeded ?? false, rematch: holds !== null,
    });
    if (this.seats().every((s) => s.kind !== 'open')) await this.start();
    else {
      if (config.public) await lobby(this.env).add(config.id, config.createdAt);
      await this.armWaiting(this.listing.watch(config, this.presence()));
      if (config.public) this.publisher.changed();
    }
    await this.publisher.settled();
  }

  summary(): MatchSummary | null {
    if (!this.cfg()) return null;
    return buildSummary(this.scene(), spectatorCount(this.ctx));
  }

  /** `rematchToken`: the joiner's seat token of the finished match this one follows, to claim their held seat (holds.ts). */
  async join(name: string, wanted?: number, rematchToken?: string): Promise<Result<Joined>> {
    const config = this.cfg();
    if (!config) return refuse('not-found', 'No such match.');
    // Hash first: after this await, choosing and writing the seat is synchronous, so two joins cannot take one seat.
    const token = newToken();
    const [tokenHash, claim] = await Promise.all([hashToken(token), rematchToken === undefined ? null : hashToken(rematchToken)]);
    const open = this.seats().filter((s) => s.kind === 'open');
    if (wanted !== undefined && wanted >= config.players) {
      return this.refused({ code: 'bad-request', message: `Seat ${wanted} is not a seat of this ${config.players}-player match.` });
    }
    if (!open.length) return this.refused({ code: 'full', message: 'Every seat is taken.' });
    const now = Date.now();
    const e = entry(this.store.getMeta<Holds>('holds'), open.map((s) => s.seat), claim, now);
    if (!('seats' in e)) return this.refused(e);
    const held = heldRefusal(e, e.claimed ? undefined : wanted, now);
    if (held) return this.refused(held);
    const seat = wanted === undefined || e.claimed ? e.seats[0] : e.seats.find((s) => s === wanted);
    if (seat === undefined) return this.refused({ code: 'full', message: `Seat ${wanted} is taken.` });
    const clash = nameClash(name, [...this.seats().map((s) => s.name), ...e.reserved]);
    if (clash) return this.refused(clash);
    this.store.putSeat({ seat, kind: 'human', name, level: null, tokenHash });
    this.seatRows = undefined;
    this.setPresence(presence.joined(this.presence(), seat, connectedSeats(this.ctx, config.players)[seat]!, Date.now()));
    if (open.length === 1) await this.start();
    else this.broadcast();
    await this.publisher.settled();
    return { ok: true, seat, token };
  }

  /** A join refused (a seat that is not there or is taken, a hold, a name): one log line, nothing changed. */
  private refused(r: Refusal): { ok: false } & Refusal {
    logEvent('refused', { match: this.cfg()?.id, code: r.code, where: 'POST /api/matches/:id/join' });
    return { ok: false, ...r };
  }

  /** Every seat is taken: deal, persist, tell everyone, wake the first bot. */
  private async start(): Promise<void> {
    const config = this.cfg()!;
    const g = createGame({
      players: config.players, seed: config.seed, names: this.seats().map((s) => s.name),
      ...(config.locations !== undefined ? { locations: config.locations } : {}),
    });
    this.store.saveState(g);
    this.game = g;
    logEvent('started', { match: config.id, players: config.players, waitedMs: Date.now() - config.createdAt });
    await releaseHold(this.env, config);
    await this.schedule();
    this.broadcast();
    if (config.public) await lobby(this.env).remove(config.id);
  }

  /**
   * Same seats, same bots, same options, a new seed; every player joins again with a new token.
   * `client`: the asking address (a quota.ts clientKey), which the new match counts against (caps.ts).
   */
  async rematch(token: string, client: string): Promise<Result<Pick<MatchCreated, 'id'>>> {
    const config = this.cfg();
    if (!config) return refuse('not-found', 'No such match.');
    if ((await this.seatOfToken(token)) === null) return refuse('bad-token', 'That token holds no seat of this match.');
    if (this.status() !== 'over') return refuse('not-over', 'The match is not over yet.');
    const done = this.store.getMeta<string>('rematch');
    // A rematch nobody started is deleted after a day (retention.ts): asking again makes a new one.
    if (done && (await this.env.MATCH.getByName(done).summary())) return { ok: true, id: done };
    // Every player asking gets the same new match.
    this.rematching ??= (async (): Promise<Result<Pick<MatchCreated, 'id'>>> => {
      const made = this.store.getMeta<string>('rematch');
      if (made && made !== done) return { ok: true, id: made };
      const createdAt = Date.now();
      // A fresh random deal: a chosen seed is never carried over (nor its mark).
      const counted = await countRematch(this.env, { ...config, id: newMatchId(), seed: randomSeed(), seeded: false, createdAt }, client);
      if ('refusal' in counted) return { ok: false, ...counted.refusal };
      const { id } = counted.config;
      // Each person's seat is kept for them a while: the new id reaches spectators too.
      const holds = holdsFor(this.seats(), createdAt + rematchHoldMs(this.env));
      await this.env.MATCH.getByName(id).create(counted.config, holds);
      this.store.setMeta('rematch', id);
      // Everyone still at the table (and watching) learns there is a rematch to join.
      this.broadcast();
      return { ok: true, id };
    })().finally(() => { this.rematching = null; });
    return this.rematching;
  }

  /** The replay as JSON, or only its tag when `held` (the asker's If-None-Match) names it: nothing is built then (replays.ts). */
  replay(held: string | null = null): Result<Replayed> {
    const config = this.cfg();
    if (!config) return refuse('not-found', 'No such match.');
    const g = this.state();
    if (!g?.over) return refuse('not-over', 'The replay is there once the match is over.');
    return { ok: true, ...replayed(config.id, g.version, this.expiresAt()!, held, () => {
      const setup: Replay['setup'] = { players: config.players, seed: config.seed, names: g.names };
      if (config.locations !== undefined) setup.locations = config.locations;
      const actions = this.store.actions();
      return { setup, actions, views: replayViews({ ...this.scene(), due: null, rematch: null }, setup, actions) };
    }) };
  }

  // --- sockets ---------------------------------------------------------------

  override async fetch(request: Request): Promise<Response> {
    const fail = (code: ErrorCode, message: string, status: number = HTTP_STATUS[code]) =>
      Response.json(errorBody(code, message), { status });
    if (!this.cfg()) return noMatchHere(this.ctx, request, this.refusals);
    if (!isUpgrade(request.headers.get('Upgrade'))) {
      return fail('bad-request', 'This route upgrades to a WebSocket.', 426);
    }
    const url = new URL(request.url);
    const token = url.searchParams.get('token');
    const seat = token === null ? null : await this.seatOfToken(token);
    const address = addressOf(request);
    const refused = this.admit(token, seat, address, fail);
    if (refused) return refused;
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    await this.rearmIfLost();
    // Checked with no await before the accept, so two sockets cannot take one name.
    const named = seat === null ? spectatorName(this.ctx, url, this.seats()) : { name: null };
    if ('refusal' in named) {
      this.refusals.write(this.cfg()!.id, named.refusal.code, 'name');
      return refusedSocket(this.ctx, nameRefused(named.refusal), CLOSE_BAD_NAME, 'name refused');
    }
    const wasConnected = seat !== null && this.ctx.getWebSockets(seatTag(seat)).some(isOpen);
    const tag = seat === null ? SPECTATOR : seatTag(seat);
    // A spectator's address tag counts its sockets (addressFull); seats are not counted.
    this.ctx.acceptWebSocket(server, seat === null ? [tag, addressTag(address)] : [tag]);
    setAttachment(server, { seat, ...optIns(url), ...(named.name ? { name: named.name } : {}) });
    if (seat === null || url.searchParams.get('watchers') === '1') this.watchersTold.tell(this.ctx);
    if (seat === null) {
      greet(this.ctx, this.sent, server, tag, this.watchedView());
      this.spectatorsTold.tell(this.ctx, this.version);
      this.publisher.changed();
      // A watched-only match's first spectator: its bots play again (house.ts).
      if (this.cfg()!.watched && this.state() && !this.store.getMeta<Due>('due')) await this.schedule();
    } else {
      if (!this.state()) await this.listing.back(this.cfg()!);
      const handedBack = await this.back(seat);
      // A seat coming online is a change everyone sees; a seat's second tab just gets the view.
      if (!wasConnected || handedBack) this.broadcast();
      else greet(this.ctx, this.sent, server, tag, buildView(this.scene(), seat));
    }
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * The answer refusing this connection, or null when it may open: too many new seatless
   * connections from the address (429 before the upgrade: churn builds no views), a token that
   * holds no seat, or one socket too many (admission.ts crowded).
   */
  private admit(token: string | null, seat: number | null, address: string, fail: (code: ErrorCode, message: string) => Response): Response | null {
    const id = this.cfg()!.id;
    const wait = seat === null ? this.admission.connect(this.env, address) : 0;
    if (wait) {
      this.refusals.write(id, 'rate-limited', 'connects');
      const res = fail('rate-limited', `Too many new connections from this address; try again in ${wait} s.`);
      res.headers.set('Retry-After', String(wait));
      return res;
    }
    if (token !== null && seat === null) {
      this.refusals.write(id, 'bad-token', 'upgrade');
      return refusedSocket(this.ctx, socketError('bad-token', 'That token holds no seat of this match.'), 4001, 'bad token');
    }
    const tooMany = crowded(this.ctx, this.env, seat, address);
    if (tooMany) {
      this.refusals.write(id, 'full', seat === null ? 'spectators' : 'seat');
      return refusedSocket(this.ctx, socketError('full', tooMany), CLOSE_SPECTATORS_FULL, 'full');
    }
    return null;
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    // A spectator's message is settled from memory (inbound.ts), apart from the players' path.
    const seat = seatOf(ws);
    if (seat === null) {
      const closed = this.inbound.message(this.ctx, ws, message);
      if (closed) this.refusals.write(this.cfg()?.id, closed.code, 'closed', { close: CLOSE_POLICY, strikes: closed.strikes });
      return;
    }
    const refusal = await this.onMessage(ws, seat, message);
    if (refusal) send(ws, socketError(refusal.code, refusal.message));
  }

  /** A seat's message (its socket's attachment says which seat: the token proved it at the upgrade). */
  private async onMessage(ws: WebSocket, seat: number, message: string | ArrayBuffer): Promise<Refusal | null> {
    if (!allow(ws)) return { code: 'rate-limited', message: 'Too many messages; slow down.' };
    const parsed = parseMessage(message);
    if (!parsed.ok) return parsed.refusal;
    const msg = parsed.msg;
    if (msg.type === 'ping') {
      send(ws, { type: 'pong' });
      return null;
    }
    if (msg.type === 'stand-in') return this.handOver(seat, msg.seat);
    if (msg.type === 'emote') return react(this.ctx, this.emoteClock, seat, msg.emote);
    if (msg.type === 'hint') return this.hint(seat);
    const move: Move = msg.type === 'play'
      ? { type: 'play', card: msg.card, location: msg.location }
      : { type: 'choose', option: msg.option };
    const base = this.state();
    const decided = decide(base, seat, move, msg.version, false, hints.isHinted(this.hinted(), base, seat));
    if (!decided.ok) return decided.refusal;
    // The person acts again: the stand-in steps aside before their action is applied.
    await this.back(seat);
    // Decided once (apply is most of an action's cost), unless the state moved meanwhile.
    return this.act(seat, move, msg.version, 'person', this.state() === base ? decided : undefined);
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    // Complete the closing handshake; the Hibernation API does not do it for us.
    try {
      ws.close(closeCode(code), reason);
    } catch {
      // Already closed.
    }
    await this.onGone(ws);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    try {
      ws.close(1011, 'socket error');
    } catch {
      // Already closed.
    }
    await this.onGone(ws);
  }

  /** A socket went. A spectator's: the seats hear the new count. A seat's last: its `connected` changes and its grace period starts. */
  private async onGone(ws: WebSocket): Promise<void> {
    if (!this.cfg() || wasRefused(this.ctx, ws)) return;
    const seat = seatOf(ws);
    if (seat === null) {
      this.publisher.changed();
      this.spectatorsTold.tell(this.ctx, this.version);
      this.watchersTold.tell(this.ctx);
      // A watched-only match's last spectator left: its bots' alarm stops (house.ts). Not on every
      // leave: rescheduling would push the next bot move back each time.
      if (this.state() && paused(this.cfg()!, this.ctx)) await this.schedule();
      return;
    }
    if (this.ctx.getWebSockets(seatTag(seat)).some((s) => s !== ws && isOpen(s))) return;
    const p = presence.gone(this.presence(), seat, Date.now());
    this.setPresence(p);
    if (this.state()) await this.schedule();
    else await this.armWaiting(this.listing.watch(this.cfg()!, p));
    this.broadcast();
  }

  /** The seat's person is here (connected, or acting): no grace period, no stand-in. True if a stand-in left. */
  private async back(seat: number): Promise<boolean> {
    const b = presence.back(this.presence(), seat, this.state(), Date.now());
    if (!b.presence) return false;
    this.setPresence(b.presence);
    if (b.since) this.store.setMeta('since', b.since);
    if (this.state()) await this.schedule();
    return b.handedBack;
  }

  /** A hint asked for (hints.ts): counted and stored before anyone sees the count. */
  private hint(seat: number): Refusal | null {
    const g = this.state();
    const refusal = hints.hintRefusal(g, this.seats(), seat);
    if (refusal) return refusal;
    const next = hints.asked(this.hinted(), g!, seat);
    if (!next) return null;
    this.store.setMeta('hinted', next);
    this.broadcast();
    return null;
  }

  /** Seat `by` lets a stand-in play for an idle person (idle.ts says when); refused, with a log line, otherwise. */
  private async handOver(by: number, seat: number): Promise<Refusal | null> {
    const r = presence.handOver(this.presence(), this.state(), this.seats(), this.cfg()!, this.since(), by, seat, Date.now());
    if ('refusal' in r) {
      logEvent('refused', { match: this.cfg()!.id, code: r.refusal.code, where: 'socket', type: 'stand-in' });
      return r.refusal;
    }
    this.setPresence(r.presence);
    // The stand-in's move is the next job.
    await this.deliver();
    return null;
  }

  /**
   * What a spectator arriving now is shown: the view every spectator already holds, so a crowd
   * connecting at once costs one view, not one each. Every change anyone can see is broadcast,
   * and a broadcast makes it again.
   */
  private watchedView(): { view: View; json: string } {
    if (!this.watched) {
      const view = buildView(this.scene(), null);
      this.watched = { view, json: JSON.stringify(view) };
    }
    return this.watched;
  }

  /** Each open socket gets its own view, whole or as a patch (deliver.ts). */
  private broadcast(): void {
    this.watched = undefined;
    broadcast(this.ctx, this.sent, viewsFor(this.scene()));
    // The public list hears of it after the sockets have it.
    this.publisher.changed();
  }

  /**
   * A change everyone sees, and the alarm's next job. The job is stored first (views show its
   * clock); the alarm is armed after the views go out: the output gate holds them until every
   * write, the alarm too, is durable.
   */
  private async deliver(): Promise<void> {
    const arming = this.schedule();
    this.broadcast();
    await arming;
  }

  // --- actions, bots and the clock -----------------------------------------

  /**
   * Validate and apply (not-your-decision, stale, illegal: actions.ts), persist, then deliver.
   * The version check makes a repeated action a refused one. `decided`: the same check already
   * made against the current state.
   */
  private async act(seat: number, move: Move, version: number, by: Mover, decided?: Decided): Promise<Refusal | null> {
    const r = decided ?? decide(this.state(), seat, move, version, by === 'stand-in', hints.isHinted(this.hinted(), this.state(), seat));
    if (!r.ok) return r.refusal;
    // Persist before anyone hears of it.
    this.store.commit(r.action, r.state);
    this.game = r.state;
    if (r.state.over) {
      const config = this.cfg()!;
      logEvent('ended', { match: config.id, actions: r.state.version, sinceCreatedMs: Date.now() - config.createdAt });
    }
    if (by !== 'bot') this.setPresence(presence.moved(this.presence(), seat, by));
    await this.deliver();
    return null;
  }

  /** Arm the alarm for the next job (clock.ts nextDue), or disarm it. The job is stored at once, before the first await. */
  private async schedule(): Promise<void> {
    const g = this.state()!;
    const now = Date.now();
    const before = this.store.getMeta<Due>('due');
    const since = this.decisionSince(g, now);
    // Nothing else due in play: the stalled match's bound (retention.ts). A watched-only match nobody watches: nothing (house.ts).
    const next = nextDue(g, this.seats(), this.cfg()!, this.presence(), now, before, since) ?? retention.stalledJob(this.env, g, since);
    const due = paused(this.cfg()!, this.ctx) ? null : toArm(next, before, now);
    if (due) {
      this.store.setMeta('due', due);
      await this.ctx.storage.setAlarm(due.at);
      return;
    }
    if (before) this.store.deleteMeta('due');
    // The end: the only job left is the deletion of the finished match.
    const expires = this.expiresAt();
    if (expires !== null) await this.ctx.storage.setAlarm(expires);
    else if (before) await this.ctx.storage.deleteAlarm();
  }

  // --- retention (retention.ts) --------------------------------------------

  private expiresAt(): number | null {
    return retention.expiresAt(this.env, this.cfg()!, this.state(), () => this.store.lastActionAt());
  }

  /** A waiting match's alarm: the list's next look (`listingAt`) or its deletion, whichever comes first. */
  private async armWaiting(listingAt: number | null): Promise<void> {
    // Started meanwhile (a join while the list was being told): the game's job owns the alarm now.
    if (this.state()) return;
    await this.ctx.storage.setAlarm(Math.min(listingAt ?? Infinity, this.expiresAt()!));
  }

  /** Its time is up: storage, alarm and sockets go, memory forgets, the shared indexes forget it. */
  private async expire(): Promise<void> {
    const config = this.cfg()!;
    const started = this.state() !== null;
    await retention.erase(this.ctx);
    this.store.forget();
    this.config = null;
    this.game = null;
    this.seatRows = undefined;
    this.watched = undefined;
    retention.logDeleted(config, started, Date.now());
    // Best effort: the list drops entries whose match answers no summary, and any after 24 h.
    if (!started) {
      await retention.forgetEverywhere(this.env, config).catch((e: unknown) => {
        logEvent('failed', { match: config.id, where: 'retention', code: 'internal', message: String(e) });
      });
    }
  }

  /** When the pending decision began (its idle time runs from then), recorded when the version moves on. */
  private decisionSince(g: GameState, now: number): Since {
    const stored = this.since();
    const since = presence.decisionSince(stored, g.version, now);
    if (since !== stored) this.store.setMeta('since', since);
    return since;
  }

  /** A job long overdue with no alarm armed (it was lost): arm it again. */
  private async rearmIfLost(): Promise<void> {
    const due = this.store.getMeta<Due>('due');
    if (due && due.at < Date.now() - 2000 && (await this.ctx.storage.getAlarm()) === null) {
      await this.ctx.storage.setAlarm(Date.now());
    }
    if (!this.state() || this.state()!.over) await retention.armIfMissing(this.ctx, this.expiresAt());
  }

  /**
   * Runs the stored job if it is still the one for the current version: a
   * second delivery, or an alarm left over from before a human acted, finds
   * the version moved on and does nothing.
   */
  override async alarm(): Promise<void> {
    // No match here (deleted, or never made): nothing to do, and nothing is written.
    const stored = this.cfg();
    if (!stored) return;
    // Its time is up (retention.ts): whatever else was due, it goes.
    const expires = this.expiresAt();
    if (retention.expired(expires, Date.now(), ALARM_SLACK_MS)) return this.expire();
    // Waiting for players: the public list's look, or (early) the deletion.
    if (!this.state()) {
      await this.armWaiting(await this.listing.alarm(stored, this.presence(), ALARM_SLACK_MS));
      return this.publisher.changed();
    }
    const g = this.state();
    // Over, delivered early: the deletion is the only job.
    if (g?.over) return this.ctx.storage.setAlarm(expires!);
    const due = this.store.getMeta<Due>('due');
    if (!g || !due || due.version !== g.version || g.pending?.seat !== due.seat) return;
    // Early (a duplicate of an older alarm): wait for the real time. Small slack for the frozen clock.
    if (Date.now() + ALARM_SLACK_MS < due.at) {
      await this.ctx.storage.setAlarm(due.at);
      return;
    }
    if (due.kind === 'stalled') {
      // No move for STALLED_MATCH_DAYS: stand-ins play every person's seat to the end.
      this.setPresence(retention.abandon(this.presence(), this.seats()));
      return this.deliver();
    }
    if (due.kind === 'idle') {
      // Nothing to play: the others may now hand this seat to a stand-in, and their views say so.
      // A gone person's grace period may still end later: that job comes next.
      return this.deliver();
    }
    const row = this.seats()[due.seat]!;
    const config = this.cfg()!;
    const rng = botRng(config.seed, g.version, due.seat);
    // Gone past the grace period: a stand-in plays this seat until its person is back.
    if (due.kind === 'away') this.setPresence(presence.standIn(this.presence(), due.seat));
    // Out of time ('clock'): the stand-in makes this one move; the person's next decision is theirs, with a clock.
    const level = presence.levelFor(row, config);
    const by: Mover = row.kind === 'bot' ? 'bot' : 'stand-in';
    let refusal = await this.act(due.seat, botMove(g, due.seat, level, rng), g.version, by);
    // A bot's mistake must not stall the match (a thrown alarm would retry the same move).
    if (refusal && level !== 'random') refusal = await this.act(due.seat, botMove(g, due.seat, 'random', rng), g.version, by);
    if (refusal) {
      logEvent('failed', { match: config.id, code: refusal.code, where: 'alarm', seat: due.seat });
      throw new Error(`bot move refused: ${refusal.code} ${refusal.message}`);
    }
  }
}
