// Sending views: each open socket gets its own viewer's view (one JSON per
// seat, one for all spectators), as a full `state`, or, for sockets that
// opted in, as a `patch` against the view they hold (worker/match/sockets/sent.ts).
import { diff, type DiffMemo, type PatchOp, type View } from '../../../shared/protocol';
import type { SentViews } from './sent';
import { attachmentOf, isOpen, send, sendWhere, setAttachment, spectatorCount, type Attachment, type Census } from '../../shared/sockets';

interface Outgoing { view: View; json?: string; patch?: string | null }

// `spectators` rides beside the view (docs/PROTOCOL.md): pages learn the count from the
// messages they get anyway instead of polling the match, which would wake it.
const stateText = (json: string, spectators: number): string => `{"type":"state","view":${json},"spectators":${spectators}}`;
const patchText = (version: number, ops: PatchOp[], spectators: number): string =>
  JSON.stringify({ type: 'patch', version, ops, spectators });
/** The view's JSON, made once and only if a whole view goes out or is kept. */
const jsonOf = (o: Outgoing): string => (o.json ??= JSON.stringify(o.view));

/** Every open socket (`sockets`, read once for the broadcast) hears the scene's new views. */
export function broadcast(sockets: Census, sent: SentViews, viewOf: (seat: number | null) => View): void {
  const watching = sockets.spectators;
  const out = new Map<number | null, Outgoing>();
  const fresh = new Map<WebSocket, Attachment>();
  const patched = new Set<number | null>();
  const memo: DiffMemo = new Map();
  for (const { ws, att } of sockets.open) {
    const seat = att.seat ?? null;
    let o = out.get(seat);
    if (!o) {
      o = { view: viewOf(seat) };
      out.set(seat, o);
    }
    if (!att.patch) {
      send(ws, stateText(jsonOf(o), watching));
      continue;
    }
    patched.add(seat);
    const prev = sent.get(seat);
    if (prev && att.since != null && att.since <= prev.serial) {
      if (o.patch === undefined) {
        const ops: PatchOp[] = diff(prev.view, o.view, memo);
        // Nothing changed for this viewer: nothing to send.
        o.patch = ops.length ? patchText(o.view.version, ops, watching) : null;
      }
      if (o.patch) send(ws, o.patch);
    } else {
      send(ws, stateText(jsonOf(o), watching));
      fresh.set(ws, att);
    }
  }
  // The new views become the bases of the next patches (an unchanged view keeps its serial).
  const serials = new Map<number | null, number>();
  for (const seat of patched) {
    const o = out.get(seat)!;
    const prev = sent.get(seat);
    serials.set(seat, prev && o.patch === null ? prev.serial : sent.put(seat, o.view));
  }
  for (const [ws, att] of fresh) setAttachment(ws, { ...att, since: serials.get(att.seat ?? null)! });
}

/**
 * The first view of a socket that just connected (always a full `state`).
 * A patch socket notes which stored view it holds: the stored one if equal,
 * or this one (stored now) when no other patch socket depends on the old.
 */
export function greet(ctx: DurableObjectState, sent: SentViews, ws: WebSocket, tag: string, view: View | { view: View; json: string }): void {
  const json = 'json' in view ? view.json : JSON.stringify(view);
  if ('json' in view) view = view.view;
  send(ws, stateText(json, spectatorCount(ctx)));
  const att = attachmentOf(ws);
  if (!att.patch) return;
  const seat = att.seat ?? null;
  const prev = sent.get(seat);
  let since: number | null = null;
  if (prev && diff(prev.view, view).length === 0) since = prev.serial;
  else if (!ctx.getWebSockets(tag).some((s) => s !== ws && isOpen(s) && attachmentOf(s).patch)) since = sent.put(seat, view);
  setAttachment(ws, { ...att, since });
}

/**
 * Spectators came or went: the seats' patch sockets (a handful) hear the new count in a patch
 * with no ops. Not the spectators themselves (hundreds: each arrival would be a broadcast to all),
 * and not plain sockets (a whole view each; the count is not in the view).
 */
export function tellSpectatorCount(ctx: DurableObjectState, version: number): void {
  sendWhere(ctx, patchText(version, [], spectatorCount(ctx)), (a) => a.seat != null && !!a.patch && a.since != null);
}

/** At most one count message this often; the changes between are told once, at its end. */
const COUNT_EVERY_MS = 500;

/**
 * The count, told at once when it was last told a while ago, else once at the end of the
 * window: a crowd arriving or leaving together (a flood's reconnect wave: hundreds in a
 * second) costs the players one message, not one per socket.
 */
export class SpectatorCount {
  private last = 0;
  private pending: ReturnType<typeof setTimeout> | null = null;

  tell(ctx: DurableObjectState, version: () => number, now = Date.now()): void {
    if (this.pending) return;
    const wait = this.last + COUNT_EVERY_MS - now;
    if (wait <= 0) {
      this.last = now;
      tellSpectatorCount(ctx, version());
      return;
    }
    this.pending = setTimeout(() => {
      this.pending = null;
      this.last = Date.now();
      tellSpectatorCount(ctx, version());
    }, wait);
  }
}
