// npm run docs:rules: rewrites the catalogue section of docs/RULES.md from the
// card data (scripts/lib/rules-catalogue.ts), and the table of decisions in
// docs/SCENARIOS.md from the handlers (scripts/lib/decisions-table.ts). Prints whether anything changed.
import { readFileSync, writeFileSync } from 'node:fs';
import { withDecisions } from './lib/decisions-table';
import { withCatalogue } from './lib/rules-catalogue';

const file = 'docs/RULES.md';
const before = readFileSync(file, 'utf8');
const after = withCatalogue(before);
if (after !== before) writeFileSync(file, after);
console.log(after === before ? `${file}: catalogue already up to date` : `${file}: catalogue rewritten`);

const scenarios = 'docs/SCENARIOS.md';
const was = readFileSync(scenarios, 'utf8');
const now = withDecisions(was);
if (now !== was) writeFileSync(scenarios, now);
console.log(now === was ? `${scenarios}: decisions already up to date` : `${scenarios}: decisions rewritten`);
