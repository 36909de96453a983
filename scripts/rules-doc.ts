// npm run docs:rules: rewrites the catalogue section of docs/RULES.md from the
// card data (scripts/lib/rules-catalogue.ts). Prints whether anything changed.
import { readFileSync, writeFileSync } from 'node:fs';
import { withCatalogue } from './lib/rules-catalogue';

const file = 'docs/RULES.md';
const before = readFileSync(file, 'utf8');
const after = withCatalogue(before);
if (after !== before) writeFileSync(file, after);
console.log(after === before ? `${file}: catalogue already up to date` : `${file}: catalogue rewritten`);
