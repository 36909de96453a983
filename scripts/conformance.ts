// npm run conformance -- <folder>: every *.json scenario below the folder.
import { existsSync } from 'node:fs';
import { runFile, scenarioFiles, type Outcome } from '../test/conformance';

const dir = process.argv[2];
if (!dir || !existsSync(dir)) {
  console.error(`usage: npm run conformance -- <folder>${dir ? ` (no such folder: ${dir})` : ''}`);
  process.exit(2);
}
let passed = 0;
let failed = 0;
for (const file of scenarioFiles(dir)) {
  let r: Outcome;
  try {
    r = runFile(file, dir);
  } catch (e) {
    // The runner reports rather than throws; should anything slip through, it is this file's failure.
    r = { name: file, ok: false, why: `runner error: ${(e as Error).message}` };
  }
  if (r.ok) passed++;
  else failed++;
  console.log(r.ok ? `ok ${r.name}` : `FAIL ${r.name}: ${r.why}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
