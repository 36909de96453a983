// npm run docs:rules: everything written from the cards' data and words. The faces every page
// loads (shared/engine/faces.ts, scripts/lib/faces.ts) and the catalogue section of docs/RULES.md
// (scripts/lib/rules-catalogue.ts) from catalog.ts and texts/, and the table of decisions in
// docs/SCENARIOS.md from the handlers and texts/ (scripts/lib/decisions-table.ts). Prints what changed.
import { readFileSync, writeFileSync } from 'node:fs';
import { withDecisions } from './lib/decisions-table';
import { FACES_FILE, facesFile } from './lib/faces';
import { withCatalogue } from './lib/rules-catalogue';

function rewrite(file: string, what: string, make: (was: string) => string): void {
  const was = readFileSync(file, 'utf8');
  const now = make(was);
  if (now !== was) writeFileSync(file, now);
  console.log(`${file}: ${what} ${now === was ? 'already up to date' : 'rewritten'}`);
}

rewrite(FACES_FILE, 'faces', facesFile);
rewrite('docs/RULES.md', 'catalogue', withCatalogue);
rewrite('docs/SCENARIOS.md', 'decisions', withDecisions);
