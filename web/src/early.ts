// The match socket the page's inline script (index.html) opened while the page's files were
// still on their way: the first view is the critical path of a seat's link, so it travels in
// parallel with the bundle. The first connection to the same address takes it over, with
// whatever it already heard told again in order; any other address closes it unused.

declare global { interface Window { __dmEarly?: { url: string; ws: WebSocket; q: Event[] } } }

/** A WebSocket constructor for partysocket that starts with the early socket when it fits. */
export const Adopting = function (url: string, protocols?: string | string[]) {
  const early = window.__dmEarly;
  delete window.__dmEarly;
  if (early?.url !== url) {
    early?.ws.close();
    return new WebSocket(url, protocols);
  }
  const { ws, q } = early;
  // The taker adds its listeners as soon as this returns; the replay runs before any new event
  // (an event whose dispatch is over may be dispatched again).
  queueMicrotask(() => {
    ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
    for (const e of q) ws.dispatchEvent(e);
  });
  return ws;
} as unknown as typeof WebSocket;
