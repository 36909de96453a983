// The hostile crowd of bench/flood.ts, in a process of its own (as an attacker is another
// machine): its sockets' timers then never delay the measuring player's event loop, so the
// round trip measured is the server's. Driven over stdin, one command a line:
//   aim <match id>   flood that match from now on (the first one starts the sockets)
//   stop             close every socket, print the counts as one JSON line, exit
//   node scripts/run.mjs bench/flood-crowd.ts --ws ws://127.0.0.1:PORT --sockets 150 --rate 12 [--ignore-retry-after]
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import WS from 'ws';

const { values } = parseArgs({ options: {
  ws: { type: 'string' }, sockets: { type: 'string', default: '150' }, rate: { type: 'string', default: '12' },
  'ignore-retry-after': { type: 'boolean', default: false },
} });
const BASE = values.ws!;
const SOCKETS = Number(values.sockets);
const RATE = Number(values.rate);
const IGNORE_RETRY_AFTER = values['ignore-retry-after'];

export interface CrowdCounts {
  connected: number; sent: number; refusedSpectator: number; otherErrors: number;
  closed1008: number; closedOther: number; r429: number; full: number;
}
const counts: CrowdCounts = { connected: 0, sent: 0, refusedSpectator: 0, otherErrors: 0, closed1008: 0, closedOther: 0, r429: 0, full: 0 };
let stop = false;
let target = '';
const open = new Set<WS>();

/** One hostile socket slot: connect, send `play` at RATE a second until closed, then again. */
async function slot(): Promise<void> {
  const tick = 1000 / RATE;
  // Spread the slots' ticks over one period.
  await sleep(Math.random() * tick);
  while (!stop) {
    let wait = tick;
    const ws = new WS(`${BASE}/api/matches/${target}/ws`, { perMessageDeflate: false });
    open.add(ws);
    await new Promise<void>((resolve) => {
      let pace: NodeJS.Timeout | null = null;
      ws.on('unexpected-response', (_req, res) => {
        if (res.statusCode === 429) {
          counts.r429++;
          if (!IGNORE_RETRY_AFTER) wait = Number(res.headers['retry-after'] ?? 1) * 1000;
        } else counts.otherErrors++;
        res.resume();
        ws.terminate();
      });
      ws.on('open', () => {
        counts.connected++;
        pace = setInterval(() => {
          if (ws.readyState !== WS.OPEN) return;
          ws.send('{"type":"play","card":"0:moor-wolf","location":"valley-of-teeth","version":0}');
          counts.sent++;
        }, tick);
      });
      ws.on('message', (data) => {
        const text = String(data);
        if (!text.startsWith('{"type":"error"')) return;
        if (text.includes('"code":"spectator"')) counts.refusedSpectator++;
        else if (text.includes('"code":"full"')) counts.full++;
        else counts.otherErrors++;
      });
      ws.on('close', (code) => {
        if (code === 1008) counts.closed1008++;
        else if (code !== 4009 && code !== 1006 && !stop) counts.closedOther++;
        if (pace) clearInterval(pace);
        open.delete(ws);
        resolve();
      });
      ws.on('error', () => { /* a refused upgrade: counted above; 'close' follows */ });
    });
    // Straight back when closed (one attempt per tick at most); after a 429, when Retry-After says.
    const until = Date.now() + wait;
    while (!stop && Date.now() < until) await sleep(Math.min(tick, until - Date.now()));
  }
}

let slots: Promise<void>[] = [];
for await (const line of createInterface({ input: process.stdin })) {
  const [cmd, arg] = line.trim().split(' ');
  if (cmd === 'aim' && arg) {
    target = arg;
    if (!slots.length) slots = Array.from({ length: SOCKETS }, () => slot());
  } else if (cmd === 'stop') {
    stop = true;
    for (const ws of open) ws.terminate();
    await Promise.all(slots);
    process.stdout.write(`${JSON.stringify(counts)}\n`);
    process.exit(0);
  }
}
