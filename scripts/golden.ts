// npm run golden: write test/engine/golden.json, the hashes of what every
// viewer sees in the golden games (test/engine/golden-games.ts). Run it only on an engine whose
// behaviour is the reference; a speed change must leave the file as it is.
import { writeFileSync } from 'node:fs';
import { GOLDEN_GAMES, playGolden } from '../test/engine/golden-games';

const games = Array.from({ length: GOLDEN_GAMES }, (_, i) => playGolden(i));
writeFileSync('test/engine/golden.json', `${JSON.stringify({ games }, null, 0).replace(/\},\{/g, '},\n{')}\n`);
console.log(`wrote test/engine/golden.json: ${games.length} games, ${games.reduce((n, g) => n + g.actions, 0)} actions`);
