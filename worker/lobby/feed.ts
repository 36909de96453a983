// The public list, pushed: landing pages hold a socket to this one object ("feed") and hear the
// whole list (`{type:"list"}`, the body of GET /api/matches) whenever an entry of the directory
// changes, within FEED_DELAY_MS: a new public match reaches every open lobby in well under 2 s
// instead of at its next 10 s poll. Changes inside the delay go out as one list.
//
// Sockets hibernate: between changes the object costs nothing, and nothing about a socket lives in
// memory but its tag (a short hash of its address, for the per-address cap). With nobody
// listening a change reads nothing.
import { DurableObject } from 'cloudflare:workers';
import { socketError, type LobbyMessage } from '../../shared/protocol';
import { addressOf } from '../shared/address';
import { hashToken } from '../shared/ids';
import { CLOSE_SPECTATORS_FULL } from '../shared/limits';
import { logEvent } from '../shared/log';
import { isOpen, refusedSocket, send, wasRefused } from '../shared/sockets';
import { readList } from './directory';

/** How long after a change the list is read and sent: a burst of changes costs one read. */
export const FEED_DELAY_MS = 250;
/** Landing pages one address may hold open (tabs), and all of them at once, per feed object. */
export const FEED_PER_ADDRESS = 4;
export const FEED_MAX = 20_000;

export class Feed extends DurableObject<Env> {
  private pending: ReturnType<typeof setTimeout> | null = null;

  /** GET /api/lobby/ws, forwarded with the client's address: the list now, then each change. */
  override async fetch(req: Request): Promise<Response> {
    const tag = (await hashToken(`feed:${addressOf(req)}`)).slice(0, 16);
    const refuse = (message: string) => {
      logEvent('refused', { code: 'full', where: 'GET /api/lobby/ws' });
      return refusedSocket(this.ctx, socketError('full', message), CLOSE_SPECTATORS_FULL, 'full');
    };
    if (this.ctx.getWebSockets(tag).filter(isOpen).length >= FEED_PER_ADDRESS) {
      return refuse(`At most ${FEED_PER_ADDRESS} open lobby pages an address; close a tab (the list still refreshes itself).`);
    }
    if (this.ctx.getWebSockets().length >= FEED_MAX) return refuse('Too many lobby pages are open just now; the list refreshes itself.');
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [tag]);
    send(server, listText(await readList(this.env)));
    return new Response(null, { status: 101, webSocket: client });
  }

  /** An entry of the list changed (directory.ts): every open page hears the new list shortly. */
  changed(): void {
    if (this.pending || !this.ctx.getWebSockets().some(isOpen)) return;
    this.pending = setTimeout(() => {
      this.pending = null;
      readList(this.env).then((list) => {
        const text = listText(list);
        for (const ws of this.ctx.getWebSockets()) if (isOpen(ws) && !wasRefused(this.ctx, ws)) send(ws, text);
      }, (e: unknown) => console.error('feed read failed', e));
    }, FEED_DELAY_MS);
  }

  /** A page sends nothing that means anything (a ping keeps proxies from closing it). */
  override webSocketMessage(ws: WebSocket, msg: string | ArrayBuffer): void {
    if (msg === 'ping') send(ws, JSON.stringify({ type: 'pong' } satisfies LobbyMessage));
  }

  override webSocketClose(): void {}
}

const listText = (list: Awaited<ReturnType<typeof readList>>): string => JSON.stringify({ type: 'list', ...list } satisfies LobbyMessage);

export const feed = (env: Env) => env.FEED.getByName('feed');
