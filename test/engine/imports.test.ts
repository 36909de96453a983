// Imports run one way. Every file under shared/ (engine, bots, protocol), worker/ and web/src is
// read as text and its import and export-from statements are followed: no file may reach itself
// again (a circle of imports is what a lazy `build()` once had to keep apart at run time), the
// engine depends on nothing beside it (not the bots, the worker or the web client), and the
// worker's folders import only the folders below them (worker/README.md).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const shared = join(root, 'shared');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

// `import x from '…'`, `import type { … } from '…'`, `import '…'`, `export … from '…'`, `import('…')`.
const SPECIFIER = /(?:^|[\s;])(?:import|export)\s(?:[^'";]*?\sfrom\s)?\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** What a file imports: relative ones resolved to files, packages by name. */
function importsOf(file: string): string[] {
  // Comments may quote code ("import { x } from './y'"): they are not imports.
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const out: string[] = [];
  for (const m of text.matchAll(SPECIFIER)) {
    const spec = m[1] ?? m[2]!;
    if (!spec.startsWith('.')) { out.push(spec); continue; }
    // An asset with a bundler query (`./emblems.svg?no-inline`) is the file without it.
    const base = resolve(dirname(file), spec.replace(/\?.*$/, ''));
    const hit = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base].find((p) => {
      try { return statSync(p).isFile(); } catch { return false; }
    });
    if (!hit) throw new Error(`${relative(root, file)} imports ${spec}, which is no file`);
    out.push(hit);
  }
  return out;
}

const worker = join(root, 'worker');
const all = [...files(shared), ...files(worker), ...files(join(root, 'web', 'src'))];
const graph = new Map(all.map((f) => [f, importsOf(f)]));
const name = (f: string) => relative(root, f);

/** Circles of imports (at least one whenever there is any: each closes a path the search is on), as the files along them. */
function cycles(): string[][] {
  const found: string[][] = [];
  const seen = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (f: string) => {
    state.set(f, 'open');
    path.push(f);
    for (const to of graph.get(f) ?? []) {
      if (!graph.has(to)) continue; // a package, or a file outside the parts read
      if (state.get(to) === 'open') {
        const loop = path.slice(path.indexOf(to));
        const key = [...loop].sort().join(' ');
        if (!seen.has(key)) { seen.add(key); found.push([...loop, to].map(name)); }
      } else if (!state.has(to)) visit(to);
    }
    path.pop();
    state.set(f, 'done');
  };
  for (const f of all) if (!state.has(f)) visit(f);
  return found;
}

describe('imports under shared/, worker/ and web/src', () => {
  it('are read from every file (the check sees the engine, the bots and the protocol)', () => {
    for (const part of ['engine', 'bots', 'protocol']) expect(all.some((f) => f.startsWith(join(shared, part)))).toBe(true);
    // The reader understands the forms the code uses: the engine's entry re-exports, setup imports for effect.
    expect(graph.get(join(shared, 'engine', 'index.ts'))).toContain(join(shared, 'engine', 'apply.ts'));
    expect(graph.get(join(shared, 'engine', 'setup.ts'))).toContain(join(shared, 'engine', 'abilities', 'index.ts'));
  });

  it('form no circle', () => {
    const found = cycles();
    expect(found.map((c) => c.join(' -> ')), 'circles of imports').toEqual([]);
  });

  it('finds a circle when there is one (the check is not vacuous)', () => {
    const a = join(shared, 'engine', 'board.ts');
    const b = join(shared, 'engine', 'registry.ts');
    const saved = graph.get(b)!;
    graph.set(b, [...saved, a]); // as if the registry imported the board that reads it
    try {
      const loops = cycles().map((c) => [...new Set(c)].sort().join(' '));
      expect(loops).toContain('shared/engine/board.ts shared/engine/registry.ts');
    } finally {
      graph.set(b, saved);
    }
  });

  it('keep the engine to itself: nothing from the bots, the worker, the web client or anything else beside it', () => {
    const engine = join(shared, 'engine');
    const outside: string[] = [];
    for (const [f, to] of graph) {
      if (!f.startsWith(engine)) continue;
      for (const t of to) {
        if (t.startsWith('/') ? !t.startsWith(engine) : !t.startsWith('@noble/')) outside.push(`${name(f)} imports ${t.startsWith('/') ? name(t) : t}`);
      }
    }
    expect(outside).toEqual([]);
  });
});

/** The worker's folders, each above those it may import (a folder may import itself and any lower). */
const LAYERS: Record<string, number> = { edge: 3, match: 2, lobby: 1, queue: 1, house: 1, bench: 1, players: 1, shared: 0 };

const folderOf = (f: string): string => relative(worker, f).split('/')[0]!;

describe('the worker\'s layout', () => {
  const sources = all.filter((f) => f.startsWith(worker + '/') && !f.endsWith('.d.ts'));

  it('has every file in a folder of a known layer, but the entry', () => {
    const loose = sources.filter((f) => folderOf(f) !== 'index.ts' && !(folderOf(f) in LAYERS)).map(name);
    expect(loose).toEqual([]);
    expect(sources.length).toBeGreaterThan(40);
  });

  /** Imports that run up a layer, or across to a folder of the same layer. */
  const upward = (): string[] => {
    const up: string[] = [];
    for (const f of sources) {
      const from = LAYERS[folderOf(f)];
      if (from === undefined) continue;
      for (const t of graph.get(f)!) {
        if (!t.startsWith(worker + '/')) continue;
        const to = LAYERS[folderOf(t)];
        if (to === undefined || (to >= from && folderOf(t) !== folderOf(f))) up.push(`${name(f)} imports ${name(t)}`);
      }
    }
    return up;
  };

  it('imports only downward: the edge, then the match, then what spans matches, then what they all share', () => {
    expect(upward()).toEqual([]);
  });

  it('finds an import that runs upward (the check is not vacuous)', () => {
    const caps = join(worker, 'lobby', 'caps.ts');
    const saved = graph.get(caps)!;
    graph.set(caps, [...saved, join(worker, 'match', 'room.ts')]);
    try {
      expect(upward()).toContain('worker/lobby/caps.ts imports worker/match/room.ts');
    } finally {
      graph.set(caps, saved);
    }
  });

  it('keeps folders to 12 source files and files to 300 lines', () => {
    const perFolder = new Map<string, number>();
    for (const f of sources) perFolder.set(dirname(f), (perFolder.get(dirname(f)) ?? 0) + 1);
    expect([...perFolder].filter(([, n]) => n > 12).map(([d, n]) => `${name(d)}: ${n}`)).toEqual([]);
    const long = sources.filter((f) => readFileSync(f, 'utf8').split('\n').length > 300).map(name);
    expect(long).toEqual([]);
  });
});
