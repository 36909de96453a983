// A browser person at an address of their own. Cloudflare's edge tells the worker the client's
// address in `CF-Connecting-IP`; a local server passes a given one through, but Chromium before 151
// sends no extra header on a WebSocket handshake (playwright#28948), so a quick-match page would
// queue from 127.0.0.1 like everyone else. This proxy stands in for the edge: every request and
// upgrade it forwards carries its one address.
import { createServer, request, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface AddressProxy { url: string; close(): Promise<void> }

/** The request's headers as sent, but with the proxy's address in `CF-Connecting-IP`. */
function headersWith(req: IncomingMessage, ip: string): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i]!.toLowerCase() !== 'cf-connecting-ip') out.push([req.rawHeaders[i]!, req.rawHeaders[i + 1]!]);
  }
  out.push(['CF-Connecting-IP', ip]);
  return out;
}

/** Forward everything sent to the returned address to `target`, as coming from `ip`. */
export async function addressProxy(target: string, ip: string): Promise<AddressProxy> {
  const to = new URL(target);
  const port = Number(to.port);
  const open = new Set<Socket>();
  const server = createServer((req, res) => {
    const up = request({ host: to.hostname, port, method: req.method, path: req.url, headers: headersWith(req, ip).flat() }, (answer) => {
      res.writeHead(answer.statusCode!, answer.rawHeaders);
      answer.pipe(res);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  // An upgrade is forwarded as bytes: the handshake rewritten, then both ways unchanged.
  server.on('upgrade', (req, socket: Socket, head: Buffer) => {
    const up = connect(port, to.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`, ...headersWith(req, ip).map(([k, v]) => `${k}: ${v}`)];
      up.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) up.write(head);
      socket.pipe(up).pipe(socket);
    });
    for (const s of [up, socket]) {
      open.add(s);
      s.on('close', () => open.delete(s));
      s.on('error', () => { up.destroy(); socket.destroy(); });
    }
  });
  server.on('connection', (s) => { open.add(s); s.on('close', () => open.delete(s)); });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port: own } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${own}`,
    close: () => new Promise<void>((done) => {
      for (const s of open) s.destroy();
      server.close(() => done());
    }),
  };
}
