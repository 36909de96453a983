// npm test: every check, in two lanes at once. The integration and browser tests mostly wait on
// sockets, bots' pace and Chromium; run after the units (typecheck, engine, worker) they left a
// 2-core machine half idle for minutes, so they run beside them; the short load run and a few
// browser files follow the units (the fault run beside them), so both lanes take about as long.
// Chromium is looked for first: without one the run stops at once, in one line saying how to get one.
// The client the browser files are served is built once, by the second lane, for both lanes' runs.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { findChromium } from '../harness/chromium';

/** A command, and the step of another lane it waits for (the client's build, the units). */
interface Step { name: string; command: string; after?: string }

// test/e2e/setup.ts serves this build instead of making its own (each took 10-20 s of a busy core).
const built = mkdtempSync(join(tmpdir(), 'darkmoor-client-'));
process.env.DARKMOOR_E2E_ASSETS = join(built, 'dist');

/**
 * Browser files the first lane runs once its own steps are done, on a server and a Chromium of its
 * own, while the second lane is still at its browser files: ~70 s of them, about the time by which
 * the second lane is the longer (docs/PERFORMANCE.md, "The test suite").
 */
const LATE_BROWSER = ['test/e2e/players.test.ts', 'test/e2e/learn.test.ts', 'test/e2e/rules.test.ts'];

const LANES: Step[][] = [
  [
    { name: 'typecheck', command: 'npm run typecheck' },
    // One file at a time: the other lane's servers and Chromium have the other core.
    { name: 'units', command: 'UNIT_WORKERS=1 npx vitest run --project engine --project engine-added --project worker' },
    { name: 'load', command: 'npm run load -- --matches 20' },
    { name: 'browser', command: `npx vitest run --project e2e ${LATE_BROWSER.join(' ')}`, after: 'client' },
  ],
  [
    { name: 'client', command: `npx vite build --config web/vite.config.ts --outDir ${process.env.DARKMOOR_E2E_ASSETS} --emptyOutDir --logLevel warn` },
    { name: 'servers', command: `npx vitest run --project integration --project e2e ${LATE_BROWSER.map((f) => `--exclude ${f}`).join(' ')}` },
  ],
  // The fault run mostly waits (a server killed and started again: ~5 s of CPU in ~18 s), so it
  // runs beside the first lane's load run and browser files rather than before them.
  [{ name: 'faults', command: 'npm run faults -- --matches 8 --kills 1', after: 'units' }],
];

try {
  findChromium();
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}

const width = Math.max(...LANES.flat().map((s) => s.name.length));
const secs = (since: number) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

/** Lines a failed step printed that say what failed, repeated at the end where CI's tail shows them. */
const failures: string[] = [];
// Vitest's "Failed Tests" report and a failed file's or test's own line (✗/×/FAIL); ANSI colours off.
const FAILED_LINE = /(Failed Tests|FAIL |[×✗] |AssertionError|Error: |Unhandled|still loading|requests held)/;
const plain = (line: string) => line.replace(/\x1b\[[0-9;]*m/g, '');

/** Run one step, its output's lines marked with its name; resolves to whether it passed. */
function run(step: Step): Promise<boolean> {
  const tag = `${step.name.padEnd(width)} |`;
  const child = spawn(step.command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const said: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      console.log(`${tag} ${line}`);
      const text = plain(line);
      if (FAILED_LINE.test(text)) said.push(`${tag} ${text.slice(0, 300)}`);
    });
  }
  return new Promise((done) => child.on('close', (code) => {
    if (code !== 0) failures.push(...said);
    done(code === 0);
  }));
}

const start = Date.now();
const results: string[] = [];
/** Each step's outcome, for a step of the other lane that waits for it. */
const done = new Map<string, { promise: Promise<boolean>; resolve: (ok: boolean) => void }>();
for (const step of LANES.flat()) {
  let resolve!: (ok: boolean) => void;
  done.set(step.name, { promise: new Promise<boolean>((r) => { resolve = r; }), resolve });
}
/** A lane's steps one after another; a failed step ends its lane (the other goes on to the end). */
async function lane(steps: Step[]): Promise<boolean> {
  let ok = true;
  for (const step of steps) {
    if (ok && step.after) ok = await done.get(step.after)!.promise;
    if (!ok) {
      results.push(`not run ${step.name}`);
      done.get(step.name)!.resolve(false);
      continue;
    }
    const since = Date.now();
    ok = await run(step);
    done.get(step.name)!.resolve(ok);
    results.push(`${ok ? 'passed' : 'FAILED'}  ${step.name.padEnd(width)} ${secs(since)}`);
  }
  return ok;
}

const passed = (await Promise.all(LANES.map(lane))).every(Boolean);
rmSync(built, { recursive: true, force: true });
// The failed tests' names first (a CI log may show only its last lines), then what they said.
const named = failures.filter((l) => /FAIL |[×✗] /.test(l));
const digest = [...new Set([...named, ...failures])].slice(0, 12);
console.log(`\n${results.join('\n')}${digest.length ? `\nwhat failed:\n${digest.join('\n')}` : ''}`);
console.log(`${passed ? 'every check passed' : 'a check FAILED'} in ${secs(start)}`);
process.exit(passed ? 0 : 1);
