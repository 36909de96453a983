// Mutation run of shared/ (`npm run mutate`; not part of `npm test` or CI): Stryker changes
// the engine's and the protocol's code one small change at a time and runs the engine tests
// against each; a change no test notices is a "survivor". docs/TESTING.md has the last score.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutate.config.ts", related: false },
  // Not shared/bots: the bots are judged by statistical play-offs (test/engine/bots.test.ts)
  // that take tens of seconds each, far too slow per mutant, and a weaker bot is not a wrong one.
  mutate: ["shared/engine/**/*.ts", "shared/protocol/**/*.ts"],
  coverageAnalysis: "perTest",
  // Vitest does not type-check, so Stryker need not mark files `// @ts-nocheck`; and some tests
  // compare generated files (web/src/faces.ts) with what their script makes, to the byte.
  disableTypeChecks: false,
  // Module-level code (the card texts and tables) would need every test for every change.
  ignoreStatic: true,
  concurrency: Number(process.env.MUTATE_CONCURRENCY) || 2,
  // A mutant that makes a loop endless is stopped by its hit count first; this bounds the rest.
  timeoutMS: 10_000,
  timeoutFactor: 1.5,
  // The first run, which finds the tests that reach each mutant, runs every test once, slowed
  // by the instrumentation.
  dryRunTimeoutMinutes: 30,
  reporters: ["progress", "clear-text", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  // Keeps each mutant's result (reports/stryker-incremental.json): `npm run mutate -- --incremental`
  // then tests again only the mutants whose code or tests changed.
  incrementalFile: "reports/stryker-incremental.json",
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
  thresholds: { high: 90, low: 85, break: null },
};
