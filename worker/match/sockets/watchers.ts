// Who is watching (docs/PROTOCOL.md, "Watchers"): a spectator may give a name (`?name=` on its
// socket), under the players' name rules (shared/protocol/names.ts), and no name that reads like
// a seated player's or another spectator's (naming.ts), so nobody in the crowd passes for a
// player. Sockets that opted in (`?watchers=1`) hear the count and the names given, at most
// every COUNT_EVERY_MS: a crowd's arrival costs one message per socket per window, not one per
// arrival. Anonymous spectators are counted only. The names live in the sockets' attachments
// (they survive hibernation), never in storage.
import { cleanName, nameProblem, socketError, type Refusal, type ServerMessage } from '../../../shared/protocol';
import { nameClash } from '../table/naming';
import { attachmentOf, isOpen, sendWhere, SPECTATOR, spectatorCount } from '../../shared/sockets';
import type { SeatRow } from '../../shared/config';

/** Names listed at most; the count covers everyone. */
export const NAMES_SHOWN = 50;
/** Close code of a spectator socket whose `?name=` was refused: reconnecting with it would not help. */
export const CLOSE_BAD_NAME = 4002;
const EVERY_MS = 500;

/** The name a spectator's URL gives (cleaned), none, or why it cannot be used. */
export function spectatorName(ctx: DurableObjectState, url: URL, seats: SeatRow[]): { name: string | null } | { refusal: Refusal } {
  const raw = url.searchParams.get('name');
  if (raw === null || raw === '') return { name: null };
  const name = cleanName(raw);
  const problem = raw.length > 200 ? 'a name has at most 24 characters' : nameProblem(name);
  if (problem) return { refusal: { code: 'bad-request', message: `name: ${problem}.` } };
  const clash = nameClash(name, [...seats.map((s) => s.name), ...names(ctx)]);
  return clash ? { refusal: clash } : { name };
}

/** The names open spectator sockets gave, in the order they came. */
function names(ctx: DurableObjectState): string[] {
  const out: string[] = [];
  // By the spectators' tag: the runtime lists a tag's sockets in the order they came.
  for (const ws of ctx.getWebSockets(SPECTATOR)) {
    const n = isOpen(ws) ? attachmentOf(ws).name : undefined;
    if (n) out.push(n);
  }
  return out;
}

export function watchersMessage(ctx: DurableObjectState): Extract<ServerMessage, { type: 'watchers' }> {
  return { type: 'watchers', count: spectatorCount(ctx), names: names(ctx).slice(0, NAMES_SHOWN) };
}

/** The refusal a spectator's socket hears before it is closed. */
export const nameRefused = (r: Refusal): ServerMessage => socketError(r.code, r.message);

/** Tells the opted-in sockets who watches, at most once per window (the changes between told at its end). */
export class WatchersTold {
  private last = 0;
  private pending: ReturnType<typeof setTimeout> | null = null;

  tell(ctx: DurableObjectState, now = Date.now()): void {
    if (this.pending) return;
    const send = () => {
      this.last = Date.now();
      sendWhere(ctx, JSON.stringify(watchersMessage(ctx)), (a) => !!a.watchers);
    };
    const wait = this.last + EVERY_MS - now;
    if (wait <= 0) return send();
    this.pending = setTimeout(() => {
      this.pending = null;
      send();
    }, wait);
  }
}
