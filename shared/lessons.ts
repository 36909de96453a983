// The guided first match's prepared deal, in the scenario format (docs/SCENARIOS.md: the same
// fields a file of test/scenarios has, nothing shuffled): chosen so that each rule the coach
// teaches comes up early. The learner (seat 0) holds plain minions and the Shieldbearer; the first
// hero has no ability and a low threshold, so an attack comes within a few turns; the locations
// are one with no rule and two that score differently.
import type { Setup } from './engine';
import type { LessonId } from './lesson-ids';

export type { LessonId } from './lesson-ids';

export interface Lesson { name: string; players: 2; locations: string[]; heroes: string[]; hands: string[][]; decks: null[]; first: 0 }

export const LESSONS = {
  'first-match': {
    name: 'first match',
    players: 2,
    locations: ['teeming-warrens', 'blackspire-keep', 'sunken-crypt'],
    heroes: ['lark-songweaver', 'mad-malis', 'dame-orlaith', 'fenwick-thornbow', 'sir-roderick'],
    hands: [
      ['dire-bear', 'ogre-brute', 'stalwart-shieldbearer', 'barrow-colossus', 'vampire-countess'],
      ['ogre-brute', 'dire-bear', 'bloated-ghoul', 'charging-minotaur', 'restless-bones'],
    ],
    decks: [null, null],
    first: 0,
  },
} as const satisfies Record<LessonId, Lesson>;

/** The lesson's deal as the engine takes it (with the seats' names). */
export function lessonSetup(id: LessonId, names: string[]): Setup {
  const l = LESSONS[id];
  return { players: l.players, names, locations: [...l.locations], heroes: [...l.heroes], hands: l.hands.map((h) => [...h]), decks: [...l.decks], first: l.first, seed: 0 };
}
