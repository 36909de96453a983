// One match of Retreat to Darkmoor, one Durable Object. Everything it knows is in its SQLite
// (storage.ts), so it may be evicted at any moment: sockets use the Hibernation API, and bots,
// clocks and grace periods run on the alarm. Each hook authenticates, admits, validates and
// applies, persists, then delivers, and hands the rest to the modules beside it: room.ts (the
// state and the steps every change goes through), connect.ts, moves.ts, rpc.ts, jobs.ts.
import { DurableObject } from 'cloudflare:workers';
import { errorBody, HTTP_STATUS, socketError, type ErrorCode, type Joined, type MatchCreated, type MatchSummary } from '../../shared/protocol';
import type { MatchConfig, Seated } from '../shared/config';
import { closeCode, isUpgrade, seatOf, send } from '../shared/sockets';
import { accept, caller, gone, noMatchHere, rearmIfLost, refusal } from './connect';
import { runAlarm } from './jobs';
import { seatMessage } from './moves';
import { replayOf, type Replayed } from './replay';
import { Room } from './room';
import * as rpc from './rpc';
import { CLOSE_POLICY } from './sockets/inbound';
import type { Holds } from './table/holds';

export type { Result } from './rpc';

const fail = (code: ErrorCode, message: string, status: number = HTTP_STATUS[code]) =>
  Response.json(errorBody(code, message), { status });

export class Match extends DurableObject<Env> {
  private room: Room;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.room = new Room(ctx, env);
    // Answered by the runtime without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('{"type":"ping"}', '{"type":"pong"}'));
  }

  // --- the lobby's calls (rpc.ts) -------------------------------------------

  /** Set the match up. Called once: by POST /api/matches, a quick match's queue (`people`), the house, or a rematch (`holds`). */
  create(config: MatchConfig, holds: Holds | null = null, people: Seated[] = []): Promise<void> {
    return rpc.create(this.room, config, holds, people);
  }

  summary(): MatchSummary | null {
    // Anyone asking after a match in play is a chance to find its lost alarm (connect.ts).
    if (this.room.state()) this.ctx.waitUntil(rearmIfLost(this.room));
    return this.room.summary();
  }

  /** `player`: the identified player joining (their id), whose profile lists the match when it ends. */
  join(name: string, wanted?: number, rematchToken?: string, player?: string): Promise<rpc.Result<Joined>> {
    return rpc.join(this.room, name, wanted, rematchToken, player);
  }

  /** `client`: the asking address, which the new match counts against. */
  rematch(token: string, client: string): Promise<rpc.Result<Pick<MatchCreated, 'id'>>> {
    return rpc.rematch(this.room, token, client);
  }

  /** The replay, or only its tag when `held` (the asker's If-None-Match) names it: nothing is built then. */
  replay(held: string | null = null): rpc.Result<Replayed> {
    return replayOf(this.room, held);
  }

  // --- sockets ----------------------------------------------------------------

  /** The match socket: authenticate the token, admit the connection, accept it and deliver what it changes. */
  override async fetch(request: Request): Promise<Response> {
    const room = this.room;
    if (!room.cfg()) return noMatchHere(this.ctx, request, room.refusals);
    if (!isUpgrade(request.headers.get('Upgrade'))) return fail('bad-request', 'This route upgrades to a WebSocket.', 426);
    const who = await caller(room, request);
    return refusal(room, who, fail) ?? accept(room, who);
  }

  /**
   * A spectator's message is settled from memory (inbound.ts), apart from the players' path; a
   * seat's is validated and applied, persisted, then delivered to everyone (moves.ts).
   */
  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const room = this.room;
    const seat = seatOf(ws);
    if (seat === null) {
      const closed = room.inbound.message(this.ctx, ws, message, (before) => room.earlierLog(before));
      if (closed) room.refusals.write(room.cfg()?.id, closed.code, 'closed', { close: CLOSE_POLICY, strikes: closed.strikes });
      return;
    }
    const refused = await seatMessage(room, ws, seat, message);
    if (refused) send(ws, socketError(refused.code, refused.message));
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    // Complete the closing handshake; the Hibernation API does not do it for us.
    try {
      ws.close(closeCode(code), reason);
    } catch {
      // Already closed.
    }
    await gone(this.room, ws);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    try {
      ws.close(1011, 'socket error');
    } catch {
      // Already closed.
    }
    await gone(this.room, ws);
  }

  // --- time (jobs.ts) ---------------------------------------------------------

  /** A bot's or stand-in's move, a clock run out, a grace period ended, the list's look, the deletion: whichever is due. */
  override async alarm(): Promise<void> {
    await runAlarm(this.room);
  }
}
