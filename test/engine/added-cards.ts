// What the tests of cards added at run time (new-card.test.ts, new-hero.test.ts) check of every
// game they play: every minion in one place, every peril token accounted for, every view showing
// what it may; and that the golden games are still the ones golden.json recorded.
import { readFileSync } from 'node:fs';
import { createGame, minionKinds, moveAt, moveCount, PERIL_SUPPLY, step, view, type Action, type GameState } from '../../shared/engine';
import { decisionOf } from '../../shared/engine/registry';
import { playGolden, type GameHashes } from './golden-games';

/** Every minion of every deck in exactly one place, the peril tokens all accounted for. */
export function fault(g: GameState): string | null {
  const deck = minionKinds().length;
  const seen = new Set<string>();
  for (const ids of [...g.hands, ...g.decks, ...g.discards, ...g.hordes, ...g.havens, g.attack?.defeated ?? []]) {
    for (const id of ids) {
      if (seen.has(id)) return `${id} is in two places`;
      seen.add(id);
    }
  }
  if (seen.size !== g.players * deck) return `${seen.size} minions, expected ${g.players * deck}`;
  const on = Object.values(g.perilOn).reduce((a, b) => a + b, 0);
  if (on + g.perilSupply !== PERIL_SUPPLY) return `${on} peril tokens on minions and ${g.perilSupply} in the supply`;
  return null;
}

/** Each seat's view and the spectators' show what they may, and name the decider's decision. */
export function viewFault(g: GameState): string | null {
  for (const viewer of [...g.hands.keys(), null]) {
    const v = JSON.parse(JSON.stringify(view(g, viewer))) as ReturnType<typeof view>;
    if (v.players.some((p, s) => p.handSize !== g.hands[s]!.length || p.deckSize !== g.decks[s]!.length)) return 'wrong hand or deck size';
    if (viewer === null ? v.hand !== undefined : JSON.stringify(v.hand) !== JSON.stringify(g.hands[viewer])) return `hand shown to ${viewer}`;
    const kinds = v.locations.flatMap((l) => [...l.horde.map((m) => m.card), ...l.haven]);
    if (kinds.some((id) => !id.includes(':'))) return 'a card without its seat';
    const p = v.pending;
    if (!p) { if (!g.over) return 'no decision shown while the game goes on'; continue; }
    if (p.kind !== g.pending!.kind || p.seat !== g.pending!.seat) return 'another decision shown';
    if ((p.options !== undefined) !== (viewer === p.seat)) return `options shown to ${viewer}`;
    const waiting = decisionOf(p.kind)?.waiting;
    if (!waiting) return `no onlookers' prompt for ${p.kind}`;
    if (viewer !== p.seat && p.prompt !== `${g.names[p.seat]} ${waiting}.`) return `prompt ${p.prompt}`;
  }
  return null;
}

/**
 * `count` seeded games of each size played to the end by uniform random moves, every state and
 * view checked; `seen` is told of each state before its move and of each move.
 */
export function playRandomGames(count: number, seen: (g: GameState, a: Action) => void): void {
  for (const players of [2, 3, 4]) {
    for (let i = 0; i < count; i++) {
      const g = createGame({ players, seed: 5_000 * players + i });
      let s = i + 1;
      let guard = 0;
      while (!g.over) {
        s = (Math.imul(s, 1103515245) + 12345) >>> 0;
        const a = moveAt(g, (s >>> 8) % moveCount(g));
        seen(g, a);
        step(g, a);
        const bad = fault(g) ?? viewFault(g);
        if (bad) throw new Error(`${players} players, game ${i}, action ${g.version}: ${bad}`);
        if (++guard > 500) throw new Error(`${players} players, game ${i} does not end`);
      }
      if (g.result!.scores.length !== players) throw new Error(`${players} players, game ${i}: ${g.result!.scores.length} scores`);
    }
  }
}

/** The first `count` golden games that no longer show what golden.json recorded. */
export function goldenChanged(count: number): number[] {
  const golden = JSON.parse(readFileSync(new URL('./golden.json', import.meta.url), 'utf8')) as { games: GameHashes[] };
  return Array.from({ length: count }, (_, i) => i).filter((i) => JSON.stringify(playGolden(i)) !== JSON.stringify(golden.games[i]));
}
