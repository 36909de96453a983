// Control of a location (R21) against a second reading written from the rule's words: over every
// position of seeded games of 2, 3 and 4 players, each location's controller and lead, counting its
// haven alone (the final scoring) and its horde too (a bot's "as if it escaped now"), the final
// tally's totals and counts, and control from a tally the caller made itself (controlFrom).
import { describe, expect, it } from 'vitest';
import { apply, control, controlFrom, controlMeasure, createGame, legalMoves, type GameState } from '../../shared/engine';
import { locationHooks } from '../../shared/engine/board';
import { tally } from '../../shared/engine/control';
import { instance } from '../../shared/engine/ids';

/** Every position of a game whose moves a seeded sequence picks. */
function positionsOf(players: number, seed: number): GameState[] {
  let g = createGame({ players, seed });
  const out = [g];
  let x = seed;
  while (!g.over) {
    const moves = legalMoves(g);
    x = (x * 1103515245 + 12345) % 2147483648;
    const r = apply(g, { ...moves[x % moves.length]!, seat: g.pending!.seat } as never);
    if (!r.ok) throw new Error(r.error.message);
    g = r.state;
    out.push(g);
  }
  return out;
}

/** Each seat's minions and total at column `col`: its haven, and its horde too when asked. */
function counted(g: GameState, col: number, withHorde: boolean): { count: number[]; total: number[] } {
  const measure = controlMeasure(g, col);
  const count = new Array<number>(g.players).fill(0);
  const total = new Array<number>(g.players).fill(0);
  for (const id of [...g.havens[col]!, ...(withHorde ? g.hordes[col]! : [])]) {
    const m = instance(id)!;
    count[m.seat]! += 1;
    total[m.seat]! += measure(m.card);
  }
  return { count, total };
}

/**
 * R21 as it reads: those with at least the location's minimum of minions compete; the highest total
 * wins (the lowest where the location says so); where totals tie, the one with more minions where
 * the location says so, else nobody. The lead is over the best rival, Infinity without one.
 */
function reference(g: GameState, col: number, withHorde: boolean): { seat: number | null; lead: number } {
  const rule = locationHooks(g, col).control;
  const { count, total } = counted(g, col, withHorde);
  const sign = rule?.lowest ? -1 : 1;
  const rivals = [...count.keys()].filter((s) => count[s]! >= (rule?.minMinions ?? 1));
  const key = (s: number) => [sign * total[s]!, rule?.tieByCount ? count[s]! : 0] as const;
  rivals.sort((a, b) => key(b)[0] - key(a)[0] || key(b)[1] - key(a)[1]);
  const [best, second] = rivals;
  if (best === undefined) return { seat: null, lead: 0 };
  if (second === undefined) return { seat: best, lead: Infinity };
  if (key(best)[0] === key(second)[0] && key(best)[1] === key(second)[1]) return { seat: null, lead: 0 };
  return { seat: best, lead: sign * (total[best]! - total[second]!) };
}

describe('control of a location (R21)', () => {
  it('agrees with the rule as it reads in every position of 36 games, haven alone and with the horde', () => {
    const seen = { contested: 0, ties: 0, alone: 0, lowest: 0, byCount: 0 };
    for (const players of [2, 3, 4]) {
      for (let seed = 1; seed <= 12; seed++) {
        for (const g of positionsOf(players, seed * 31 + players)) {
          for (let col = 0; col < g.locations.length; col++) {
            const rule = locationHooks(g, col).control;
            for (const withHorde of [false, true]) {
              const want = reference(g, col, withHorde);
              expect(control(g, col, withHorde), `${g.locations[col]} at version ${g.version}`).toEqual(want);
              // The same from the caller's own tally, at an offset as a bot's estimate keeps it.
              const { count, total } = counted(g, col, withHorde);
              const at = 4 * col;
              const seats = [...new Array<number>(at).fill(9), ...count];
              const measure = [...new Array<number>(at).fill(9), ...total];
              expect(controlFrom(g, col, seats, measure, at)).toEqual(want);
              if (want.seat !== null && want.lead !== Infinity) seen.contested++;
              if (want.seat === null && counted(g, col, withHorde).count.filter((n) => n > 0).length > 1) seen.ties++;
              if (want.lead === Infinity) seen.alone++;
              if (rule?.lowest && want.seat !== null) seen.lowest++;
              if (rule?.tieByCount && want.seat !== null && want.lead === 0) seen.byCount++;
            }
            const t = tally(g, col);
            const { count, total } = counted(g, col, false);
            expect(t.count).toEqual(count);
            expect(t.totals).toEqual(total.map((n, s) => (count[s]! >= (rule?.minMinions ?? 1) ? n : null)));
            expect({ seat: t.seat, lead: t.lead }).toEqual(reference(g, col, false));
          }
        }
      }
    }
    // The games reached every case the rule tells apart.
    expect(seen.contested).toBeGreaterThan(100);
    expect(seen.ties).toBeGreaterThan(10);
    expect(seen.alone).toBeGreaterThan(100);
    expect(seen.lowest).toBeGreaterThan(0);
    expect(seen.byCount).toBeGreaterThan(0);
  });
});
