// The lessons' prepared deals (shared/lessons.ts) are scenarios: the conformance runner takes each
// as a file of test/scenarios, and the game it deals is the one the lesson's coach expects.
import { describe, expect, it } from 'vitest';
import { createGame, HAND_SIZE } from '../../shared/engine';
import { LESSON_IDS } from '../../shared/lesson-ids';
import { LESSONS, lessonSetup } from '../../shared/lessons';
import { runScenario } from '../../harness/conformance';

describe('lessons', () => {
  it('each is a scenario the conformance runner accepts, and deals its own cards', () => {
    expect(Object.keys(LESSONS).sort()).toEqual([...LESSON_IDS].sort());
    for (const id of LESSON_IDS) {
      const l = LESSONS[id];
      // Played to the learner's first decision, the deal is the file's.
      const outcome = runScenario({ ...l, actions: [], expect: { pending: { seat: 0, kind: 'play' }, hands: l.hands.map((h, s) => h.map((k) => `${s}:${k}`)) } });
      expect(outcome).toEqual({ name: l.name, ok: true });
      const g = createGame(lessonSetup(id, ['Ann', 'Bot']));
      expect(g.hands[0]).toHaveLength(HAND_SIZE);
      expect(g.heroDeck).toEqual(l.heroes.slice(1));
    }
  });
});
