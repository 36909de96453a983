import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

// The mutation run (stryker.config.mjs) runs the engine project alone: the same files and
// timeout, without the workerd plugin the worker project brings. Stryker itself sets one
// worker per run, and runs at most `concurrency` runs side by side.
const engine = base.test?.projects?.find(
  (p): p is { test: { name: string } } => typeof p === "object" && "test" in p && p.test?.name === "engine",
);
if (!engine) throw new Error("vitest.config.ts has no engine project");

export default defineConfig({
  test: {
    ...engine.test,
    // The tests that play many whole games play fewer (properties, patch, fast-paths,
    // hidden-cards read this): they run once per mutant, and a mutant those games catch is
    // nearly always caught in the first few.
    env: { DARKMOOR_MUTATION_RUN: "1" },
    // Each mutant reruns its tests: importing the engine afresh for every file would cost more
    // than the tests. Stryker switches mutants at run time, so the modules can be shared; the
    // files that change shared state (the bots' test, new cards) are left out below.
    isolate: false,
    exclude: [
      "**/node_modules/**",
      // These read files as text (the import graph and file sizes; where Chromium is), which
      // instrumented code fails and no change to shared/'s behaviour can.
      "test/engine/imports.test.ts",
      "test/harness/**",
      // Tens of seconds each, to show the bots' strength, a new card's or hero's random games
      // (each also in the golden and property games) and the seed attack's search: too slow
      // to run once per mutant. docs/TESTING.md says what this leaves out.
      "test/engine/bots.test.ts",
      "test/engine/new-card.test.ts",
      "test/engine/new-hero.test.ts",
      "test/engine/deal-attack.test.ts",
    ],
  },
});
