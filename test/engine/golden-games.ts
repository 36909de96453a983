// The engine's observable behaviour as hashes: seeded random games (2–4 players, integer and hex
// seeds, chosen and dealt sides, some moves marked stand-in) played through `apply`, each step's
// events, every seat's and a spectator's view after each action, and the final result. Compared
// against test/engine/golden.json (made by `npm run golden` from the
// engine as it was before its speed work), so a change meant only for speed that changes
// anything a player can see fails test/engine/golden.test.ts.
import { createHash } from 'node:crypto';
import { apply, createGame, legalMoves, seedOfInteger, view, viewsOf, type Action, type GameState, type Setup } from '../../shared/engine';

export const GOLDEN_GAMES = 300;

/**
 * The card set golden.json was recorded with, in catalogue order. Every game is dealt from it, so
 * a card that joins the catalogue later is never dealt here and these games stay as they were
 * (and prove that adding it changed nothing about the others).
 */
export const GOLDEN_CARDS: NonNullable<Setup['cards']> = {
  minions: ['scheming-familiar', 'dire-bear', 'charging-minotaur', 'spotted-griffin', 'moor-wolf', 'ironshell-tortoise',
    'sly-cutpurse', 'tunnel-smuggler', 'stalwart-shieldbearer', 'ogre-brute', 'mirror-trickster', 'cowering-goblin',
    'bloated-ghoul', 'restless-bones', 'drifting-wraith', 'barrow-colossus', 'carrion-ghast', 'vampire-countess'],
  heroes: ['vesper-nightstep', 'mad-malis', 'lark-songweaver', 'dame-orlaith', 'hulda-axebreaker', 'fenwick-thornbow',
    'sister-maud', 'sir-roderick'],
  locations: ['valley-of-teeth', 'sunken-crypt', 'teeming-warrens', 'silent-fen', 'thornwood-thicket', 'gallows-hill'],
};

export interface GameHashes { views: string; state: string; actions: number }

/** The setup of game i: varied so every entry path (choose-side, names, hex and integer seeds) is taken. */
export function goldenSetup(i: number): Setup {
  const players = 2 + (i % 3);
  const setup: Setup = { players, seed: i % 2 ? seedOfInteger(31_337 + i) : 4_242 + i * 7, cards: GOLDEN_CARDS };
  if (i % 10 === 3) setup.locations = 'choose';
  if (i % 7 === 1) setup.names = ['Ann', 'Bea', 'Cy', 'Dee'].slice(0, players);
  if (i % 5 === 2) setup.first = (i >> 2) % players;
  return setup;
}

function lcg(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) % n;
  };
}

const short = (h: ReturnType<typeof createHash>) => h.digest('hex').slice(0, 20);

/** Play game i to its end; the hashes of what every viewer saw and of the final state. */
export function playGolden(i: number): GameHashes {
  let g: GameState = createGame(goldenSetup(i));
  const pick = lcg(i * 2_654_435_761);
  const h = createHash('sha256');
  const seats = Array.from({ length: g.players }, (_, s) => s);
  const look = (state: GameState, k: number) => {
    // Alternate the one-viewer and the many-viewer entry points: they must agree.
    const of = k % 2 ? viewsOf(state) : (v: number | null) => view(state, v);
    h.update(JSON.stringify(of(null)));
    for (const s of seats) h.update(JSON.stringify(of(s)));
  };
  look(g, 0);
  let actions = 0;
  while (!g.over) {
    const moves = legalMoves(g);
    const a = { ...moves[pick(moves.length)]!, seat: g.pending!.seat } as Action;
    if (pick(8) === 0) a.standIn = true;
    const r = apply(g, a);
    if (!r.ok) throw new Error(`game ${i}, action ${actions}: ${r.error.message}`);
    h.update(JSON.stringify(r.events));
    g = r.state;
    actions++;
    look(g, actions);
    if (actions > 1_000) throw new Error(`game ${i} does not end`);
  }
  h.update(JSON.stringify(g.result));
  const state = createHash('sha256').update(JSON.stringify(g));
  return { views: short(h), state: short(state), actions };
}
