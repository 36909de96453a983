import { DurableObject } from 'cloudflare:workers';
import { createGame, type Action, type GameState, type Move } from '../shared/engine';
import { decide, type Decided } from './actions';
import {
  errorBody, HTTP_STATUS, socketError, type BotLevel, type ErrorCode, type MatchStatus, type MatchSummary, type Refusal,
  type View,
} from '../shared/protocol';
import { botMove, botRng, levelFor, nextDue } from './clock';
import { hashToken, newMatchId, newToken, randomSeed } from './ids';
import { parseMessage } from './input';
import { lobby } from './lobby';
import { broadcast, greet, tellSpectatorCount } from './deliver';
import { react, type EmoteClock } from './emotes';
import { CLOSE_SPECTATORS_FULL, SEAT_SOCKETS, spectatorCap } from './limits';
import { allow } from './ratelimit';
import { SentViews } from './sent';
import { closeCode, connectedSeats, isOpen, seatOf, seatTag, send, setAttachment, SPECTATOR, spectatorCount } from './sockets';
import { MatchStore, type Due, type MatchConfig, type Presence, type SeatRow } from './storage';
import { buildSummary, buildView, replayViews, viewsFor, type Scene } from './views';

/** How early by Date.now() an alarm may run and still count as on time (the clock is frozen during an event). */
const ALARM_SLACK_MS = 25;

export type Result<T> = ({ ok: true } & T) | ({ ok: false } & Refusal);

/** Who made a move: a person, a bot in its own seat, or a bot standing in for a person. */
type Mover = 'person' | 'bot' | 'stand-in';

const refuse = (code: ErrorCode, message: string): { ok: false } & Refusal => ({ ok: false, code, message });

export interface Replay {
  setup: { players: number; seed: number; names: string[]; locations?: string[] | 'choose' };
  actions: Action[];
  /** Extra: the spectator's view after the setup and after each action, so a client can step
   * through the match without knowing the rules. */
  views: View[];
}

/**
 * One match of Retreat to Darkmoor. Memory is only a cache of SQLite
 * (storage.ts): after hibernation every field is reloaded on first use.
 * Sockets use the Hibernation API; bots and the clock run on the alarm.
 */
export class Match extends DurableObject<Env> {
  private store: MatchStore;
  private sent: SentViews;
  private config: MatchConfig | null | undefined;
  private seatRows: SeatRow[] | undefined;
  private game: GameState | null | undefined;
  private rematching: Promise<string> | null = null;
  private emoteClock: EmoteClock = new Map();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new MatchStore(ctx.storage.sql, ctx.storage);
    this.sent = new SentViews();
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

  private presence(): Presence {
    return this.store.getMeta<Presence>('presence') ?? { leftAt: {}, standIn: [] };
  }

  private setPresence(p: Presence): void {
    this.store.setMeta('presence', p);
  }

  private status(): MatchStatus {
    const g = this.state();
    return !g ? 'waiting' : g.over ? 'over' : 'playing';
  }

  private scene(): Scene {
    const config = this.cfg()!;
    const presence = this.presence();
    return {
      id: config.id,
      players: config.players,
      status: this.status(),
      seats: this.seats(),
      connected: connectedSeats(this.ctx, config.players),
      state: this.state(),
      due: this.store.getMeta<Due>('due'),
      standIn: this.standInLevels(presence),
      botMoves: this.seats().map((s) => presence.botMoves?.[s.seat] ?? 0),
      rematch: this.store.getMeta<string>('rematch'),
    };
  }

  private standInLevels({ standIn }: Presence): (BotLevel | null)[] {
    const config = this.cfg()!;
    return this.seats().map((s) => (standIn.includes(s.seat) ? levelFor(s, config) : null));
  }

  // --- lobby RPC (called by the worker's routes) ---------------------------

  /** Set the match up; bots take their seats at once. Called once, by POST /api/matches. */
  async create(config: MatchConfig): Promise<void> {
    if (this.cfg()) throw new Error(`match ${config.id} exists already`);
    this.store.init();
    this.store.setMeta('config', config);
    this.config = config;
    for (let seat = 0; seat < config.players; seat++) {
      const level = config.bots[String(seat)] ?? null;
      this.store.putSeat(level
        ? { seat, kind: 'bot', name: `${level[0]!.toUpperCase()}${level.slice(1)} bot ${seat + 1}`, level, tokenHash: null }
        : { seat, kind: 'open', name: '', level: null, tokenHash: null });
    }
    this.seatRows = undefined;
    if (this.seats().every((s) => s.kind !== 'open')) await this.start();
    else if (config.public) await lobby(this.env).add(config.id, config.createdAt);
  }

  summary(): MatchSummary | null {
    if (!this.cfg()) return null;
    return buildSummary(this.scene(), spectatorCount(this.ctx));
  }

  async join(name: string, wanted?: number): Promise<Result<{ seat: number; token: string }>> {
    const config = this.cfg();
    if (!config) return refuse('not-found', 'No such match.');
    // Hash first: after this await, choosing and writing the seat is synchronous, so two joins cannot take one seat.
    const token = newToken();
    const tokenHash = await hashToken(token);
    const open = this.seats().filter((s) => s.kind === 'open');
    if (wanted !== undefined && wanted >= config.players) return refuse('bad-request', `Seat ${wanted} is not a seat of this ${config.players}-player match.`);
    if (!open.length) return refuse('full', 'Every seat is taken.');
    const seat = wanted === undefined ? open[0]!.seat : open.find((s) => s.seat === wanted)?.seat;
    if (seat === undefined) return refuse('full', `Seat ${wanted} is taken.`);
    this.store.putSeat({ seat, kind: 'human', name, level: null, tokenHash });
    this.seatRows = undefined;
    // Away until their first socket arrives: a seat taken and never used gets a stand-in, not a stall.
    const presence = this.presence();
    if (!connectedSeats(this.ctx, config.players)[seat]) presence.leftAt[seat] = Date.now();
    this.setPresence(presence);
    if (open.length === 1) await this.start();
    else this.broadcast();
    return { ok: true, seat, token };
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
    await this.schedule();
    this.broadcast();
    if (config.public) await lobby(this.env).remove(config.id);
  }

  /** Same seats, same bots, same options, a new seed; every player joins again with a new token. */
  async rematch(token: string): Promise<Result<{ id: string }>> {
    const config = this.cfg();
    if (!config) return refuse('not-found', 'No such match.');
    const hash = await hashToken(token);
    if (!this.seats().some((s) => s.tokenHash === hash)) return refuse('bad-token', 'That token holds no seat of this match.');
    if (this.status() !== 'over') return refuse('not-over', 'The match is not over yet.');
    const done = this.store.getMeta<string>('rematch');
    if (done) return { ok: true, id: done };
    // Every player asking gets the same new match.
    this.rematching ??= (async () => {
      const id = newMatchId();
      await this.env.MATCH.getByName(id).create({ ...config, id, seed: randomSeed(), createdAt: Date.now() });
      this.store.setMeta('rematch', id);
      // Everyone still at the table (and watching) learns there is a rematch to join.
      this.broadcast();
      return id;
    })().finally(() => { this.rematching = null; });
    return { ok: true, id: await this.rematching };
  }

  replay(): Result<{ replay: Replay }> {
    const config = this.cfg();
    if (!config) return refuse('not-found', 'No such match.');
    const g = this.state();
    if (!g?.over) return refuse('not-over', 'The replay is there once the match is over.');
    const setup: Replay['setup'] = { players: config.players, seed: config.seed, names: g.names };
    if (config.locations !== undefined) setup.locations = config.locations;
    const actions = this.store.actions();
    return { ok: true, replay: { setup, actions, views: replayViews({ ...this.scene(), due: null, rematch: null }, setup, actions) } };
  }

  // --- sockets ---------------------------------------------------------------

  override async fetch(request: Request): Promise<Response> {
    const fail = (code: ErrorCode, message: string, status: number = HTTP_STATUS[code]) =>
      Response.json(errorBody(code, message), { status });
    if (!this.cfg()) return fail('not-found', 'No such match.');
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') {
      return fail('bad-request', 'This route upgrades to a WebSocket.', 426);
    }
    const token = new URL(request.url).searchParams.get('token');
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    let seat: number | null = null;
    if (token !== null) {
      const hash = await hashToken(token);
      seat = this.seats().find((s) => s.tokenHash === hash)?.seat ?? null;
      if (seat === null) {
        // Not hibernatable on purpose: it lives only long enough to hear why.
        server.accept();
        send(server, socketError('bad-token', 'That token holds no seat of this match.'));
        server.close(4001, 'bad token');
        return new Response(null, { status: 101, webSocket: client });
      }
    }
    const tooMany = seat === null
      ? spectatorCount(this.ctx) >= spectatorCap(this.env) && `This match has as many spectators as it takes (${spectatorCap(this.env)}).`
      : this.ctx.getWebSockets(seatTag(seat)).filter(isOpen).length >= SEAT_SOCKETS
        && `This seat has ${SEAT_SOCKETS} connections open already; close a tab or two.`;
    if (tooMany) {
      // Refused after the upgrade, as a bad token is, so a browser can read why (it cannot read an HTTP status).
      server.accept();
      send(server, socketError('full', tooMany));
      server.close(CLOSE_SPECTATORS_FULL, 'full');
      return new Response(null, { status: 101, webSocket: client });
    }
    await this.rearmIfLost();
    const wasConnected = seat !== null && this.ctx.getWebSockets(seatTag(seat)).some(isOpen);
    const tag = seat === null ? SPECTATOR : seatTag(seat);
    this.ctx.acceptWebSocket(server, [tag]);
    // Patches are opt-in: a client that did not ask keeps getting whole views (PROTOCOL.md stays true).
    const query = new URL(request.url).searchParams;
    const patch = query.get('patch') === '1';
    // Reactions too: a client that did not ask never meets a message type PROTOCOL.md lacks.
    const emotes = query.get('emotes') === '1';
    setAttachment(server, { seat, patch, since: null, ...(emotes ? { emotes } : {}) });
    const handedBack = seat !== null && (await this.back(seat));
    // A seat coming online is a change everyone sees; anyone else just gets the view.
    if (seat !== null && (!wasConnected || handedBack)) this.broadcast();
    else greet(this.ctx, this.sent, server, tag, buildView(this.scene(), seat));
    if (seat === null) tellSpectatorCount(this.ctx, this.state()?.version ?? 0);
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const refusal = await this.onMessage(ws, message);
    if (refusal) send(ws, socketError(refusal.code, refusal.message));
  }

  private async onMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<Refusal | null> {
    if (!allow(ws)) return { code: 'rate-limited', message: 'Too many messages; slow down.' };
    const parsed = parseMessage(message);
    if (!parsed.ok) return parsed.refusal;
    const msg = parsed.msg;
    if (msg.type === 'ping') {
      send(ws, { type: 'pong' });
      return null;
    }
    const seat = seatOf(ws);
    if (seat === null) return { code: 'spectator', message: 'Spectators watch; they do not act.' };
    if (msg.type === 'emote') return react(this.ctx, this.emoteClock, seat, msg.emote);
    const move: Move = msg.type === 'play'
      ? { type: 'play', card: msg.card, location: msg.location }
      : { type: 'choose', option: msg.option };
    const base = this.state();
    const decided = decide(base, seat, move, msg.version);
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

  /** A seat's last socket went: its `connected` changed, and its grace period starts. */
  private async onGone(ws: WebSocket): Promise<void> {
    const seat = seatOf(ws);
    if (!this.cfg()) return;
    if (seat === null) return tellSpectatorCount(this.ctx, this.state()?.version ?? 0);
    if (this.ctx.getWebSockets(seatTag(seat)).some((s) => s !== ws && isOpen(s))) return;
    const presence = this.presence();
    presence.leftAt[seat] = Date.now();
    this.setPresence(presence);
    if (this.state()) await this.schedule();
    this.broadcast();
  }

  /** The seat's person is here (connected, or acting): no grace period, no stand-in. True if a stand-in left. */
  private async back(seat: number): Promise<boolean> {
    const presence = this.presence();
    const wasStoodIn = presence.standIn.includes(seat);
    if (!wasStoodIn && presence.leftAt[seat] === undefined) return false;
    delete presence.leftAt[seat];
    presence.standIn = presence.standIn.filter((s) => s !== seat);
    this.setPresence(presence);
    if (this.state()) await this.schedule();
    return wasStoodIn;
  }

  /** Each open socket gets its own view, whole or as a patch (deliver.ts). */
  private broadcast(): void {
    broadcast(this.ctx, this.sent, viewsFor(this.scene()));
  }

  // --- actions, bots and the clock -----------------------------------------

  /**
   * Check (not-your-decision, stale, illegal), apply, persist, then tell
   * everyone. The version check makes a repeated action a refused one.
   * `decided`: the same check already made against the current state.
   */
  private async act(seat: number, move: Move, version: number, by: Mover, decided?: Decided): Promise<Refusal | null> {
    const r = decided ?? decide(this.state(), seat, move, version);
    if (!r.ok) return r.refusal;
    // Persist before anyone hears of it.
    this.store.commit(r.action, r.state);
    this.game = r.state;
    if (by !== 'bot') this.countBotMoves(seat, by === 'stand-in');
    // The job is stored first (views show its clock); the alarm is armed after the views go
    // out: the output gate holds them until every write, the alarm too, is durable.
    const arming = this.schedule();
    this.broadcast();
    await arming;
    return null;
  }

  /** A stand-in's move adds one to the seat's count; the person's own move clears it (a write only then). */
  private countBotMoves(seat: number, standIn: boolean): void {
    const presence = this.presence();
    const n = presence.botMoves?.[seat] ?? 0;
    if (!standIn && !n) return;
    presence.botMoves = { ...presence.botMoves, [seat]: standIn ? n + 1 : 0 };
    this.setPresence(presence);
  }

  /** Arm the alarm for the next bot or clock job, or disarm it. The job is stored at once. */
  private async schedule(): Promise<void> {
    const g = this.state()!;
    const before = this.store.getMeta<Due>('due');
    const due = nextDue(g, this.seats(), this.cfg()!, this.presence(), Date.now(), before);
    if (due) {
      // The clock is frozen during an event, so "now" inside the alarm can equal the
      // running alarm's own time; re-arming at that very time is taken for the alarm
      // that is finishing, and dropped. So be strictly later than a job already due, with the
      // same slack alarm() allows (an alarm may start a few ms before its time by this clock).
      if (before && before.at <= Date.now() + ALARM_SLACK_MS && due.at <= before.at) due.at = before.at + 1;
      this.store.setMeta('due', due);
      await this.ctx.storage.setAlarm(due.at);
    } else if (before) {
      // No job before, none now: no alarm of ours to disarm (alarm() checks the job anyway).
      this.store.deleteMeta('due');
      await this.ctx.storage.deleteAlarm();
    }
  }

  /** A job long overdue with no alarm armed (it was lost): arm it again. */
  private async rearmIfLost(): Promise<void> {
    const due = this.store.getMeta<Due>('due');
    if (due && due.at < Date.now() - 2000 && (await this.ctx.storage.getAlarm()) === null) {
      await this.ctx.storage.setAlarm(Date.now());
    }
  }

  /**
   * Runs the stored job if it is still the one for the current version: a
   * second delivery, or an alarm left over from before a human acted, finds
   * the version moved on and does nothing.
   */
  override async alarm(): Promise<void> {
    const g = this.state();
    const due = this.store.getMeta<Due>('due');
    if (!g || !due || g.over || due.version !== g.version || g.pending?.seat !== due.seat) return;
    // Early (a duplicate of an older alarm): wait for the real time. Small slack for the frozen clock.
    if (Date.now() + ALARM_SLACK_MS < due.at) {
      await this.ctx.storage.setAlarm(due.at);
      return;
    }
    const row = this.seats()[due.seat]!;
    const config = this.cfg()!;
    const rng = botRng(config.seed, g.version);
    if (due.kind !== 'bot') {
      // Out of time, or gone past the grace period: a stand-in plays this seat until its person is back.
      const presence = this.presence();
      if (!presence.standIn.includes(due.seat)) presence.standIn.push(due.seat);
      this.setPresence(presence);
    }
    const level = levelFor(row, config);
    const by: Mover = row.kind === 'bot' ? 'bot' : 'stand-in';
    let refusal = await this.act(due.seat, botMove(g, due.seat, level, rng), g.version, by);
    // A bot's mistake must not stall the match (a thrown alarm would retry the same move).
    if (refusal && level !== 'random') refusal = await this.act(due.seat, botMove(g, due.seat, 'random', rng), g.version, by);
    if (refusal) throw new Error(`bot move refused: ${refusal.code} ${refusal.message}`);
  }
}
