// docs/OPERATIONS.md names every var of wrangler.toml [vars] (with its default), every log event
// the worker writes, and keeps the section the list and queue figures go into; the README links it.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const doc = read('docs/OPERATIONS.md');

/** `NAME = "value"` lines of wrangler.toml's [vars] table. */
function vars(): [string, string][] {
  const toml = read('wrangler.toml');
  const start = toml.indexOf('\n[vars]\n');
  expect(start).toBeGreaterThan(0);
  const body = toml.slice(start + 8).split(/\n\[/)[0]!;
  return [...body.matchAll(/^([A-Z_]+)\s*=\s*"([^"]*)"/gm)].map((m) => [m[1]!, m[2]!]);
}

describe('docs/OPERATIONS.md', () => {
  it('has a row for every var of wrangler.toml with its default', () => {
    const all = vars();
    expect(all.length).toBeGreaterThan(5);
    const rows = all.filter(([name, value]) => !doc.includes(`| \`${name}\` | \`${value}\``));
    expect(rows).toEqual([]);
  });

  it('names every log event the worker writes', () => {
    const events = new Set<string>();
    for (const f of readdirSync(new URL('../../worker/', import.meta.url), { recursive: true }) as string[]) {
      if (!f.endsWith('.ts')) continue;
      for (const m of read(`worker/${f}`).matchAll(/logEvent\('([a-z-]+)'/g)) events.add(m[1]!);
    }
    expect(events).toContain('created');
    expect([...events].filter((e) => !doc.includes(`| \`${e}\` |`))).toEqual([]);
  });

  it('keeps the list and queue shards section, and the README links the page', () => {
    expect(doc).toMatch(/^### List and queue shards$/m);
    expect(read('README.md')).toContain('docs/OPERATIONS.md');
  });
});
