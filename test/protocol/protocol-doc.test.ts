// docs/PROTOCOL.md names every field of the protocol: each field of the valibot schemas (walked at
// run time), each key path of real views (the engine's, from played games, and the server's
// additions, fields.ts), the summary's and the replay's, and every error code. A field added to
// the code and not to the page fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apply, createGame, view, type GameState } from '../../shared/engine';
import { BOTS } from '../../shared/bots';
import { ERROR_CODES } from '../../shared/protocol';
import * as schemas from '../../shared/protocol/schemas';
import { keyPaths, LIVE_PATHS, REPLAY_PATHS, SUMMARY_PATHS, WORKER_VIEW_PATHS } from './fields';

const doc = readFileSync(new URL('../../docs/PROTOCOL.md', import.meta.url), 'utf8');

/** The part of the page under `heading` (a whole heading line), up to the next heading of its level or above. */
function section(heading: string): string {
  const lines = doc.split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`docs/PROTOCOL.md has no heading "${heading}"`);
  const level = heading.match(/^#+/)![0].length;
  const end = lines.findIndex((l, i) => i > start && /^#+ /.test(l) && l.match(/^#+/)![0].length <= level);
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

const missing = (paths: Iterable<string>, text: string): string[] => [...paths].filter((p) => !text.includes(`\`${p}\``)).sort();

/** Where each request body and socket message is described. A new object schema needs a line here. */
const SCHEMA_SECTIONS: Record<string, string> = {
  CreateMatchBody: '### `POST /api/matches`',
  JoinBody: '### `POST /api/matches/:id/join`',
  RematchBody: '### `POST /api/matches/:id/rematch`',
  QuickBody: '### `POST /api/quick`',
  PlayerBody: '### `POST /api/players`',
  RenameBody: '### `PATCH /api/me`',
  PlayMessage: '#### `play` message',
  ChooseMessage: '#### `choose` message',
  PingMessage: '#### `ping` message',
  EmoteMessage: '#### `emote` message',
  StandInMessage: '#### `stand-in` message',
  HintMessage: '#### `hint` message',
  ChatMessage: '#### `chat` message',
  LogMessage: '#### `log` message',
};

interface Schema { kind: 'schema'; type: string; entries?: Record<string, Schema>; wrapped?: Schema; options?: Schema[]; item?: Schema }
const isSchema = (x: unknown): x is Schema => typeof x === 'object' && x !== null && (x as Schema).kind === 'schema';

/** An object schema's field paths, nested objects' too (through optional, nullable, union and array). */
function fieldPaths(s: Schema, prefix = '', into: string[] = []): string[] {
  if (s.entries) {
    for (const [k, v] of Object.entries(s.entries)) {
      const path = prefix ? `${prefix}.${k}` : k;
      into.push(path);
      fieldPaths(v, path, into);
    }
  }
  if (s.wrapped) fieldPaths(s.wrapped, prefix, into);
  for (const o of s.options ?? []) fieldPaths(o, prefix, into);
  if (s.item) fieldPaths(s.item, `${prefix}[]`, into);
  return into;
}

/** Every viewer's view of every position of whole games, 2 to 4 players, played by the random bot. */
function engineViewPaths(): Set<string> {
  const paths = new Set<string>();
  for (let i = 0; i < 24; i++) {
    const players = 2 + (i % 3);
    let g: GameState = createGame({ players, seed: 1000 + i, ...(i % 4 === 0 ? { locations: 'choose' as const } : {}) });
    const rng = { s: 77 + i };
    for (;;) {
      for (const viewer of [null, ...Array.from({ length: players }, (_, s) => s)]) keyPaths(view(g, viewer), paths);
      if (g.over) break;
      const seat = g.pending!.seat;
      const r = apply(g, { ...BOTS.random(view(g, seat), rng), seat });
      if (!r.ok) throw new Error(r.error.message);
      g = r.state;
    }
  }
  return paths;
}

describe('docs/PROTOCOL.md', () => {
  it('names every field of every request body and socket message schema', () => {
    const objects = Object.entries(schemas).filter(([, s]) => isSchema(s) && s.type === 'object') as [string, Schema][];
    expect(objects.map(([name]) => name).sort()).toEqual(Object.keys(SCHEMA_SECTIONS).sort());
    for (const [name, s] of objects) {
      const fields = fieldPaths(s);
      expect(fields.length, name).toBeGreaterThan(0);
      expect(missing(fields, section(SCHEMA_SECTIONS[name]!)), `${name} fields missing under ${SCHEMA_SECTIONS[name]}`).toEqual([]);
    }
    // Every client message the socket takes is one of those.
    const messages = (schemas.ClientMessage as unknown as Schema).options!;
    expect(messages.every((m) => objects.some(([, s]) => s === m))).toBe(true);
  });

  it('names every key path of real views: the engine\'s and the server\'s', () => {
    const paths = engineViewPaths();
    // The games reached decisions with their continuations, attacks and final scores.
    for (const p of ['pending.options[].card', 'pending.options[].option', 'pending.next.tasks[].t', 'pending.next.attack.defeated', 'result.breakdown[].tokens']) {
      expect(paths.has(p), p).toBe(true);
    }
    const text = section('## The view');
    expect(missing(paths, text)).toEqual([]);
    expect(missing(WORKER_VIEW_PATHS, text)).toEqual([]);
  });

  it('names every field of the summary and the replay', () => {
    expect(missing(SUMMARY_PATHS, section('## The summary'))).toEqual([]);
    expect(missing(REPLAY_PATHS, section('## The replay'))).toEqual([]);
    expect(missing(LIVE_PATHS, section('### `GET /api/matches`'))).toEqual([]);
  });

  it('gives every error code its HTTP status', () => {
    const errors = section('## Errors');
    for (const code of ERROR_CODES) expect(errors, code).toMatch(new RegExp(`\\| \`${code}\` \\| \\d{3} \\|`));
  });

  it('links the example client', () => {
    expect(doc).toContain('](examples/bot.mjs)');
  });
});
