// npm run conformance -- <folder>: every *.json scenario below the folder.
import { existsSync } from 'node:fs';
import { runFile, scenarioFiles } from '../harness/conformance';

const dir = process.argv[2];
if (!dir || !existsSync(dir)) {
  console.error(`usage: npm run conformance -- <folder>${dir ? ` (no such folder: ${dir})` : ''}`);
  process.exit(2);
}
let passed = 0;
let failed = 0;
for (const file of scenarioFiles(dir)) {
  const r = runFile(file, dir); // reports every problem as this file's failure; never throws
  if (r.ok) passed++;
  else failed++;
  console.log(r.ok ? `ok ${r.name}` : `FAIL ${r.name}: ${r.why}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
