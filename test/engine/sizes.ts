// How many games the tests that play many play. The mutation run (`npm run mutate`,
// docs/TESTING.md) runs each of them once per mutant, so it plays fewer: a mutant those games
// catch is nearly always caught in the first few, and the full counts run in `npm test`.
// `npm run test:quick` plays fewer for the same reason: the inner loop wants its verdict soon.
export const MUTATION_RUN = process.env.DARKMOOR_MUTATION_RUN === '1';
const QUICK_RUN = process.env.DARKMOOR_QUICK_RUN === '1';

/** `full`, or `fewer` in the mutation run and the quick one. */
export const games = (full: number, fewer: number): number => (MUTATION_RUN || QUICK_RUN ? fewer : full);
