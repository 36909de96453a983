// What spectators may send, and how much: a ping (an exact {"type":"ping"} never reaches the
// object: the runtime answers it), a reaction within its budgets, and a few asks for the earlier
// log (a page asks once when it opens: earlier.ts); anything else is refused
// (`spectator`). Every refusal, a message dropped past the match's budget too, is a strike; a
// socket with more than STRIKES within STRIKE_WINDOW_MS is closed with 1008 (policy violation).
// All in memory, decided before the message is parsed where the protocol allows: no storage,
// no views. Seats never come here, so nothing a spectator does spends what players need.
import { EMOTE_IDS, socketError, type Emote, type ErrorCode } from '../../../shared/protocol';
import { Bucket } from './bucket';
import { crowdReact } from './emotes';
import { parseMessage } from './input';
import { allow } from './ratelimit';
import { isOpen, send } from '../../shared/sockets';

/** Refusals a spectator socket may collect within STRIKE_WINDOW_MS; one more closes it. */
export const STRIKES = 5;
export const STRIKE_WINDOW_MS = 10_000;
/** Close code for a socket that kept sending what it may not (RFC 6455: policy violation). */
export const CLOSE_POLICY = 1008;

/** Messages from all spectators of a match that reach the object: bursts of 100, then 50 a second. */
export const MATCH_BURST = 100;
export const MATCH_PER_SECOND = 50;
/** A spectator socket's reactions: 3 at once, then one every 3 s. */
export const SOCKET_REACTIONS = 3;
export const SOCKET_REACTION_EVERY_S = 3;
/** All spectators' reactions in a match together: 5 at once, then one every 2 s, so they never crowd the table. */
export const CROWD_REACTIONS = 5;
export const CROWD_REACTION_EVERY_S = 2;
/** A spectator socket's asks for the earlier log: 3 at once, then one every 10 s (an answer may be a few KB). */
export const SOCKET_LOG_ASKS = 3;
export const SOCKET_LOG_ASK_EVERY_S = 10;

const errorText = (code: ErrorCode, message: string): string => JSON.stringify(socketError(code, message));
// Made once: a flood's answers cost no serialising.
const SPECTATOR = errorText('spectator', 'Spectators watch; they may ping, react and ask for the log, nothing else.');
const ASKED = errorText('rate-limited', `A spectator may ask for the log ${SOCKET_LOG_ASKS} times, then once every ${SOCKET_LOG_ASK_EVERY_S} seconds.`);
const TOO_FAST = errorText('rate-limited', 'Too many messages; slow down.');
const REACTED = errorText('rate-limited', `A spectator may react ${SOCKET_REACTIONS} times, then once every ${SOCKET_REACTION_EVERY_S} seconds.`);
const CROWDED = errorText('rate-limited', 'The spectators have reacted enough for now; try again in a few seconds.');
/** The exact text the web client sends for each reaction, recognised without parsing. */
const EXACT = new Map<string, Emote>(EMOTE_IDS.map((e) => [JSON.stringify({ type: 'emote', emote: e }), e]));

/** What happened to one refused message, for the socket's close (and its log line). */
export interface Closed { code: ErrorCode; strikes: number }

export class SpectatorInbound {
  private budget = new Bucket(MATCH_BURST, MATCH_PER_SECOND);
  private crowd = new Bucket(CROWD_REACTIONS, 1 / CROWD_REACTION_EVERY_S);
  private reactions = new WeakMap<WebSocket, Bucket>();
  private logAsks = new WeakMap<WebSocket, Bucket>();
  private strikes = new WeakMap<WebSocket, number[]>();

  /**
   * Handles one spectator message; `earlierLog` answers a `log` message (Room.earlierLog). Returns
   * what closed the socket, if this message did (the caller logs it); otherwise null.
   */
  message(ctx: DurableObjectState, ws: WebSocket, raw: string | ArrayBuffer, earlierLog: (before?: number) => string, now = Date.now()): Closed | null {
    // Closing: what it still sends is not read.
    if (!isOpen(ws)) return null;
    // Past the match's budget: dropped unanswered (a flood gets nothing to amplify), but counted.
    if (!this.budget.take(now)) return this.strike(ws, 'rate-limited', now);
    if (!allow(ws, now)) return this.refuse(ws, TOO_FAST, 'rate-limited', now);
    let emote = typeof raw === 'string' ? EXACT.get(raw) : undefined;
    if (!emote) {
      // The protocol's order (too-large, bad-json, bad-request, then spectator) needs the parse.
      const parsed = parseMessage(raw);
      if (!parsed.ok) return this.refuse(ws, errorText(parsed.refusal.code, parsed.refusal.message), parsed.refusal.code, now);
      if (parsed.msg.type === 'ping') {
        send(ws, '{"type":"pong"}');
        return null;
      }
      if (parsed.msg.type === 'log') {
        let asks = this.logAsks.get(ws);
        if (!asks) this.logAsks.set(ws, (asks = new Bucket(SOCKET_LOG_ASKS, 1 / SOCKET_LOG_ASK_EVERY_S, now)));
        if (!asks.take(now)) return this.refuse(ws, ASKED, 'rate-limited', now);
        send(ws, earlierLog(parsed.msg.before));
        return null;
      }
      if (parsed.msg.type !== 'emote') return this.refuse(ws, SPECTATOR, 'spectator', now);
      emote = parsed.msg.emote;
    }
    let mine = this.reactions.get(ws);
    if (!mine) this.reactions.set(ws, (mine = new Bucket(SOCKET_REACTIONS, 1 / SOCKET_REACTION_EVERY_S, now)));
    if (!mine.take(now)) return this.refuse(ws, REACTED, 'rate-limited', now);
    if (!this.crowd.take(now)) return this.refuse(ws, CROWDED, 'rate-limited', now);
    crowdReact(ctx, emote);
    return null;
  }

  private refuse(ws: WebSocket, text: string, code: ErrorCode, now: number): Closed | null {
    send(ws, text);
    return this.strike(ws, code, now);
  }

  /** One more refusal for this socket; past STRIKES within the window it is closed (1008). */
  private strike(ws: WebSocket, code: ErrorCode, now: number): Closed | null {
    let times = this.strikes.get(ws);
    if (!times) this.strikes.set(ws, (times = []));
    times.push(now);
    while (times.length && times[0]! <= now - STRIKE_WINDOW_MS) times.shift();
    if (times.length <= STRIKES) return null;
    try {
      ws.close(CLOSE_POLICY, 'too many refused messages');
    } catch {
      // Already closing: nothing more to say.
    }
    return { code, strikes: times.length };
  }
}
