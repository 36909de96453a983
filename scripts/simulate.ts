// npm run simulate -- --games N --players P [--bots random,random,...] [--seed S] [--rotate] [--search-ms MS]
// Plays bot games headless and prints who wins, how they score and how fast.
// --search-ms sets the search bot's wall-clock cap per decision (the DARKMOOR_SEARCH_MS
// environment variable); 0 turns it off, so a run depends on its seed alone (the search's
// work budget, the same as in matches, still bounds each decision).
import { BOTS, type Bot, type BotLevel } from '../shared/bots';
import { playGame } from '../shared/bots/play';
import { seedOfInteger } from '../shared/engine';

interface Options { games: number; players: number; bots: string[]; seed: number; rotate: boolean; searchMs: string | null }

function parse(argv: string[]): Options {
  const o: Options = { games: 1000, players: 2, bots: [], seed: 1, rotate: false, searchMs: null };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i] ?? '';
    if (flag === '--games') o.games = Number(value());
    else if (flag === '--players') o.players = Number(value());
    else if (flag === '--bots') o.bots = value().split(',').map((b) => b.trim());
    else if (flag === '--seed') o.seed = Number(value());
    else if (flag === '--rotate') o.rotate = true;
    else if (flag === '--search-ms') o.searchMs = value();
    else fail(`unknown option ${flag}`);
  }
  if (!Number.isInteger(o.games) || o.games < 1) fail('--games must be a positive integer');
  if (![2, 3, 4].includes(o.players)) fail('--players must be 2, 3 or 4');
  if (!Number.isInteger(o.seed)) fail('--seed must be an integer');
  if (o.searchMs !== null && !(Number(o.searchMs) >= 0)) fail('--search-ms must be a number of milliseconds, 0 for none');
  if (!o.bots.length) o.bots = Array(o.players).fill('random');
  if (o.bots.length !== o.players) fail(`--bots must name ${o.players} bots, one per seat`);
  for (const b of o.bots) if (!(b in BOTS)) fail(`unknown bot ${b} (known: ${Object.keys(BOTS).join(', ')})`);
  return o;
}

function fail(message: string): never {
  console.error(`simulate: ${message}`);
  console.error('usage: npm run simulate -- --games N --players P [--bots random,random,...] [--seed S] [--rotate] [--search-ms MS]');
  process.exit(2);
}

interface Tally { games: number; wins: number; score: number; minions: number; locations: number; tokens: number }
const tally = (): Tally => ({ games: 0, wins: 0, score: 0, minions: 0, locations: 0, tokens: 0 });

const o = parse(process.argv.slice(2));
if (o.searchMs !== null) process.env.DARKMOOR_SEARCH_MS = o.searchMs;
const bySeat = Array.from({ length: o.players }, tally);
const byBot = new Map<string, Tally>();
let turns = 0;
let attacks = 0;
const tty = process.stderr.isTTY;
console.log(`Simulating ${o.games} games, ${o.players} players: ${o.bots.join(', ')}${o.rotate ? ' (seats rotated)' : ''}, seed ${o.seed}`);
const start = performance.now();
let shown = 0;
for (let i = 0; i < o.games; i++) {
  // Rotating shifts the bot line-up one seat per game, so no bot keeps the first seat.
  const lineup = o.bots.map((_, s) => o.bots[(s + (o.rotate ? i : 0)) % o.players]!);
  const bots: Bot[] = lineup.map((b) => BOTS[b as BotLevel]);
  const { state } = playGame({ players: o.players, seed: seedOfInteger(o.seed + i) }, bots, (o.seed + i) * 2654435761);
  const r = state.result!;
  turns += state.turn;
  attacks += state.attacks;
  lineup.forEach((bot, seat) => {
    const b = r.breakdown[seat]!;
    for (const t of [bySeat[seat]!, byBot.get(bot) ?? byBot.set(bot, tally()).get(bot)!]) {
      t.games++;
      t.wins += r.winner === seat ? 1 : 0;
      t.score += r.scores[seat]!;
      t.minions += b.minions;
      t.locations += b.locations;
      t.tokens += b.tokens;
    }
  });
  const now = performance.now();
  if (i + 1 === o.games || now - shown > 250) {
    shown = now;
    const line = `${i + 1}/${o.games} games, ${(((i + 1) * 1000) / (now - start)).toFixed(0)} games/s`;
    if (tty) process.stderr.write(`\r${line}`);
    else if (i + 1 === o.games || (i + 1) % Math.max(1, Math.floor(o.games / 10)) === 0) console.error(line);
  }
}
const seconds = (performance.now() - start) / 1000;
if (tty) process.stderr.write('\n');

const pct = (n: number, d: number) => `${((100 * n) / d).toFixed(1)}%`;
const avg = (n: number, d: number) => (n / d).toFixed(2);
function table(title: string, rows: [string, Tally][]): void {
  console.log(`\n${title.padEnd(16)} ${'wins'.padStart(7)} ${'win rate'.padStart(9)} ${'score'.padStart(7)} ` +
    `${'minion VP'.padStart(10)} ${'locations'.padStart(10)} ${'tokens'.padStart(7)}`);
  for (const [name, t] of rows) {
    console.log(`${name.padEnd(16)} ${String(t.wins).padStart(7)} ${pct(t.wins, t.games).padStart(9)} ` +
      `${avg(t.score, t.games).padStart(7)} ${avg(t.minions, t.games).padStart(10)} ` +
      `${avg(t.locations, t.games).padStart(10)} ${avg(t.tokens, t.games).padStart(7)}`);
  }
}
table('seat', bySeat.map((t, s) => [o.rotate ? `seat ${s}` : `seat ${s} ${o.bots[s]}`, t]));
if (o.rotate || new Set(o.bots).size > 1) table('bot', [...byBot.entries()]);
console.log(`\nmean turns per game ${avg(turns, o.games)}, attacks per game ${avg(attacks, o.games)}`);
console.log(`${o.games} games in ${seconds.toFixed(2)} s: ${(o.games / seconds).toFixed(0)} games/s`);
