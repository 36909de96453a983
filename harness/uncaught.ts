// The worker's uncaught errors, as wrangler dev reports them: workerd prints none of them itself;
// wrangler hears them from the isolate's inspector (Runtime.exceptionThrown) and prints
// "[ERROR] Uncaught …". A test server started with an `output` does the same.
import WS from 'ws';

/** Hands each uncaught error of the isolate the inspector at `url` serves to `out`; resolves once listening. */
export async function watchUncaught(url: string, out: (line: string) => void): Promise<() => void> {
  const ws = new WS(url);
  await new Promise((res, rej) => { ws.once('open', res); ws.once('error', rej); });
  ws.on('message', (data) => {
    const m = JSON.parse(String(data)) as { method?: string; params?: { exceptionDetails: { text: string; exception?: { description?: string } } } };
    if (m.method !== 'Runtime.exceptionThrown') return;
    const d = m.params!.exceptionDetails;
    out(`${d.text} ${d.exception?.description ?? ''}`.trim());
  });
  await new Promise<void>((res) => {
    ws.on('message', function enabled(data) {
      if ((JSON.parse(String(data)) as { id?: number }).id === 1) { ws.off('message', enabled); res(); }
    });
    ws.send(JSON.stringify({ id: 1, method: 'Runtime.enable' }));
  });
  return () => ws.close();
}
