import { BaseSequencer, type TestSpecification } from "vitest/node";
import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

/** Vitest runs the slowest files first (for a full run, on many workers); a mutant's run stops
 * at its first failing test, so here the quickest go first. */
class QuickestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files)).reverse();
  }
}

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
    // The tests that play many whole games play fewer (test/engine/sizes.ts).
    env: { DARKMOOR_MUTATION_RUN: "1" },
    sequence: { sequencer: QuickestFirst },
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
      // The bots' own parts (their estimate's features, the fitted leaf, hints, the analysis),
      // which shared/bots is left out of the run for; the engine code they play through is
      // reached by quicker tests. And PROTOCOL.md naming every field of real views, which
      // plays 24 games for it; the views themselves are pinned by the golden games.
      "test/engine/features.test.ts",
      "test/engine/leaf.test.ts",
      "test/engine/hint.test.ts",
      "test/engine/analysis.test.ts",
      "test/protocol/protocol-doc.test.ts",
    ],
  },
});
