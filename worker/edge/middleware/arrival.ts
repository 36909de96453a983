// A request body as it arrives, bounded in size and in time: a client that sends more than the
// limit is stopped at the chunk that goes over, one that stops sending is cut at the deadline,
// and one that goes away mid-body is noticed (its read fails) without any error escaping.

export type Arrival =
  | { ok: true; bytes: Uint8Array<ArrayBuffer> }
  | { ok: false; why: 'too-large' | 'too-slow' | 'gone'; bytes: number };

/** Reads the whole body, or stops (cancelling the rest) once it passes `max` bytes, takes longer than `ms`, or fails. */
export async function arrive(body: ReadableStream<Uint8Array> | null, max: number, ms: number): Promise<Arrival> {
  if (!body) return { ok: true, bytes: new Uint8Array(0) };
  const reader = body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<'late'>((done) => { timer = setTimeout(() => done('late'), ms); });
  const chunks: Uint8Array[] = [];
  let size = 0;
  const stop = (why: 'too-large' | 'too-slow' | 'gone'): Arrival => {
    // Nothing more is wanted; a read still waiting ends with the cancel.
    reader.cancel().catch(() => {});
    return { ok: false, why, bytes: size };
  };
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), deadline]);
      if (next === 'late') return stop('too-slow');
      if (next.done) break;
      size += next.value.byteLength;
      if (size > max) return stop('too-large');
      chunks.push(next.value);
    }
  } catch {
    return stop('gone');
  } finally {
    clearTimeout(timer);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return { ok: true, bytes };
}
