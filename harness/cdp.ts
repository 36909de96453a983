// The Chrome DevTools Protocol over `ws`, as much as the benchmarks and the test servers need:
// commands and their answers, events, the scripts V8 has parsed, and which source module each line
// of the worker's bundle came from (esbuild marks every switch of source file with a `// path` comment line).
import WS from 'ws';

export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

export class Cdp {
  private id = 0;
  private readonly pending = new Map<number, { res: (v: unknown) => void; rej: (e: Error) => void }>();
  readonly scripts: { scriptId: string; url: string }[] = [];
  private readonly listeners = new Map<string, (params: any) => void>();

  private constructor(private readonly ws: WS) {
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as { id?: number; result?: unknown; error?: { message: string }; method?: string; params?: any };
      if (m.id !== undefined) {
        const p = this.pending.get(m.id);
        this.pending.delete(m.id);
        if (m.error) p?.rej(new Error(m.error.message));
        else p?.res(m.result);
      } else if (m.method === 'Debugger.scriptParsed') {
        this.scripts.push({ scriptId: m.params.scriptId, url: m.params.url });
      } else if (m.method) {
        this.listeners.get(m.method)?.(m.params);
      }
    });
  }

  static async open(url: string): Promise<Cdp> {
    const ws = new WS(url);
    await new Promise((res, rej) => { ws.once('open', res); ws.once('error', rej); });
    return new Cdp(ws);
  }

  send<T = unknown>(method: string, params: object = {}): Promise<T> {
    const id = ++this.id;
    return new Promise((res, rej) => {
      this.pending.set(id, { res: res as (v: unknown) => void, rej });
      this.ws.send(JSON.stringify({ id, method, params }));
    });
  }

  /** Hands each `method` event's params to `fn`. */
  on(method: string, fn: (params: any) => void): void {
    this.listeners.set(method, fn);
  }

  close(): void {
    this.ws.close();
  }

  /**
   * A heap snapshot of the isolate, summed by kind of node (`type:name`, e.g. `object:Room`,
   * `native:workerd / DurableObjectState`): how many and their own size. `enter` makes a request
   * that enters the isolate: workerd runs the inspector's commands only then.
   */
  async heapCensus(enter: () => Promise<unknown>): Promise<Map<string, { count: number; size: number }>> {
    let text = '';
    this.on('HeapProfiler.addHeapSnapshotChunk', (p: { chunk: string }) => { text += p.chunk; });
    const done = this.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    await enter();
    await done;
    this.listeners.delete('HeapProfiler.addHeapSnapshotChunk');
    const s = JSON.parse(text) as { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[]; strings: string[] };
    const fields = s.snapshot.meta.node_fields;
    const [type, name, size] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [number, number, number];
    const kinds = s.snapshot.meta.node_types[0];
    const census = new Map<string, { count: number; size: number }>();
    for (let i = 0; i < s.nodes.length; i += fields.length) {
      const key = `${kinds[s.nodes[i + type]!]}:${s.strings[s.nodes[i + name]!]}`;
      const c = census.get(key) ?? { count: 0, size: 0 };
      c.count++;
      c.size += s.nodes[i + size]!;
      census.set(key, c);
    }
    return census;
  }

  /** For a script whose url contains `part`: line (0-based) → the source path esbuild marked it with. */
  async modulesOf(part: string): Promise<{ url: string; moduleAt: (line: number) => string }> {
    const script = this.scripts.find((s) => s.url.includes(part));
    if (!script) throw new Error(`no script with ${part} in its url (${this.scripts.length} parsed)`);
    const { scriptSource } = await this.send<{ scriptSource: string }>('Debugger.getScriptSource', { scriptId: script.scriptId });
    const starts: number[] = [];
    const paths: string[] = [];
    scriptSource.split('\n').forEach((l, i) => {
      const m = /^\/\/ (\S+\.(?:ts|tsx|js|mjs|cjs))$/.exec(l);
      if (m) { starts.push(i); paths.push(m[1]!); }
    });
    const moduleAt = (line: number): string => {
      let lo = 0;
      let hi = starts.length - 1;
      if (hi < 0 || line < starts[0]!) return '';
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid]! <= line) lo = mid;
        else hi = mid - 1;
      }
      return paths[lo]!;
    };
    return { url: script.url, moduleAt };
  }
}
