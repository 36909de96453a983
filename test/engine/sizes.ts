// How many games the tests that play many play. The mutation run (`npm run mutate`,
// docs/TESTING.md) runs each of them once per mutant, so it plays fewer: a mutant those games
// catch is nearly always caught in the first few, and the full counts run in `npm test`.
export const MUTATION_RUN = process.env.DARKMOOR_MUTATION_RUN === '1';

/** `full`, or `fewer` in the mutation run. */
export const games = (full: number, fewer: number): number => (MUTATION_RUN ? fewer : full);
