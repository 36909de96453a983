// The tests `npm run test:quick` leaves to `npm test`: each takes seconds (a whole match played on
// the alarm, a 10-s body deadline, thousands of analysis worlds), and the inner loop wants its
// verdict soon. Tagged, not skipped: `npm test` runs every one (vitest.config.ts `tags`).
export const SLOW = { tags: ['slow'] };
