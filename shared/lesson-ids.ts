// The lessons a match can be dealt from (shared/lessons.ts holds their deals): the ids alone, so
// the protocol's schemas (which the page loads at once) carry no deal.
export const LESSON_IDS = ['first-match'] as const;
export type LessonId = (typeof LESSON_IDS)[number];
