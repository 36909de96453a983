// The example client of docs/PROTOCOL.md (docs/examples/bot.mjs), run as a user would run it,
// plays a whole 2-seat match against a server bot on a real server.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { call } from '../../harness/node';

const run = promisify(execFile);
const server = inject('server');

describe('docs/examples/bot.mjs', () => {
  it('creates a match, plays every decision of its seat and ends with the result', async () => {
    const { stdout } = await run(process.execPath, ['docs/examples/bot.mjs', server.http], { timeout: 120_000 });
    const id = /^match (\w+), seat (\d)$/m.exec(stdout)?.[1];
    const over = /^over after (\d+) actions: scores .+, winner seat [01]$/m.exec(stdout);
    expect(id, stdout).toBeDefined();
    expect(over, stdout).not.toBeNull();
    expect(stdout).not.toContain('refused');
    const summary = await call(server.http, 'GET', `/api/matches/${id}`);
    expect(summary.json).toMatchObject({ status: 'over', seats: [{ kind: 'human', name: 'Example bot' }, { kind: 'bot' }] });
    // Both seats played: the example's and the server's bot, and the printed count is the whole log.
    const replay = await call(server.http, 'GET', `/api/matches/${id}/replay`);
    expect(replay.json.actions).toHaveLength(Number(over![1]));
    expect(new Set(replay.json.actions.map((a: { seat: number }) => a.seat))).toEqual(new Set([0, 1]));
    expect(replay.json.views.at(-1).over).toBe(true);
  });
});
