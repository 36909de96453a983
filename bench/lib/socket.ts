// The benchmarks' sockets: the harness's one client (harness/socket.ts) over the bare `ws`
// package, recording no more than a benchmark reads, so what it measures is the server and the
// loopback, not a client library.
import type WS from 'ws';
import { openSocket } from '../../harness/node';
import type { Sock } from '../../harness/socket';

export type BenchSocket = Sock<WS>;

/** A socket that only counts its messages' bytes and hands their text to `next` (echo sockets, counting spectators). */
export const countingSocket = (url: string): Promise<BenchSocket> => openSocket(url, { record: 'bytes' });

/** A socket on a match that keeps `view` current from state and patch messages. */
export const matchSocket = (url: string): Promise<BenchSocket> => openSocket(url, { record: 'view' });

/** The version a state or patch message carries, or -1. */
export function versionOf(text: string): number {
  const m = /^\{"type":"patch","version":(\d+)/.exec(text) ?? /^\{"type":"state","view":\{"version":(\d+)/.exec(text);
  return m ? Number(m[1]) : -1;
}
