import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// wrangler refuses to load a config whose assets.directory is missing, and
// web/dist only exists after `npm run build`. Make sure it exists so the
// worker tests also run on a fresh clone (assets are then just empty).
mkdirSync(new URL("./web/dist", import.meta.url), { recursive: true });
// Unbuilt, the page is still the source index.html, so the worker tests read the head a match link's
// page is made from (test/worker/edge/pages.test.ts); `npm run build` replaces it.
if (!existsSync(new URL("./web/dist/index.html", import.meta.url))) {
  copyFileSync(new URL("./web/index.html", import.meta.url), new URL("./web/dist/index.html", import.meta.url));
}

// The D1 database's migrations (migrations/), applied by each worker test file's setup
// (test/worker/d1.ts) to the local database, as `npm start` applies them.
const D1_MIGRATIONS = await readD1Migrations(new URL("./migrations", import.meta.url).pathname);

// The unit projects' files run on every core: Vitest keeps one for itself by default (one worker
// on 2 cores), but its own process is idle while they run. Both projects take the same number, or
// Vitest cannot run their files side by side. `npm test` asks for fewer (UNIT_WORKERS): the
// server tests run beside them there (scripts/test.ts).
const UNIT_WORKERS = Number(process.env.UNIT_WORKERS) || availableParallelism();

// expect.poll gives up after 1 s by default: too short on a busy machine for what a real server,
// a socket or a page will do in the end. (The worker tests' vi.waitFor: helpers.ts `eventually`.)
const EVENTUALLY = { poll: { timeout: 10_000 } };

// Tests of seconds each, which `npm run test:quick` leaves out (test/slow.ts); `npm test` runs them.
const TAGS = [{ name: "slow", description: "takes seconds: left out of npm run test:quick, run by npm test" }];

// The worker project's files are few and long (a folder each, test/worker/suites.ts): started
// first, the engine's many short files fill the other core around them. Otherwise (on a fresh
// clone, with no durations cached) the smallest files went last: the worker's folder files.
class WorkerdFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter((f) => f.project.name === "worker"), ...sorted.filter((f) => f.project.name !== "worker")];
  }
}

// The engine tests that register a card at run time: each needs an engine to itself.
const ADDS_CARDS = ["test/engine/new-card.test.ts", "test/engine/new-hero.test.ts"];

export default defineConfig({
  test: {
    sequence: { sequencer: WorkerdFirst },
    projects: [
      {
        // Pure engine / node-side tests.
        test: {
          name: "engine",
          tags: TAGS,
          environment: "node",
          maxWorkers: UNIT_WORKERS,
          include: ["shared/**/*.test.ts", "test/engine/**/*.test.ts", "test/protocol/**/*.test.ts", "test/harness/**/*.test.ts", "test/web/**/*.test.ts"],
          exclude: ADDS_CARDS,
          // The files share their modules (each worker imports the engine once, and its JIT stays
          // warm): 87 s of one worker's time became 52 s. Nothing here changes shared state, or
          // leaves it as it found it (bots.test.ts its env); the files that register cards have
          // a project of their own.
          isolate: false,
          // Some tests play hundreds of whole games; on 2 busy cores that can pass 5 s.
          testTimeout: 60_000,
        },
      },
      {
        // Cards registered at run time, each file with an engine of its own (test/engine/new-card.test.ts).
        test: {
          name: "engine-added",
          tags: TAGS,
          environment: "node",
          maxWorkers: UNIT_WORKERS,
          include: ADDS_CARDS,
          testTimeout: 60_000,
        },
      },
      {
        // Tests that run inside workerd (Miniflare) against worker/index.ts,
        // with the bindings from wrangler.toml (MATCH and LOBBY Durable Objects, ASSETS).
        // @cloudflare/vitest-pool-workers >= 0.13 (Vitest 4) is configured as a
        // Vite plugin; the old defineWorkersConfig/poolOptions.workers API is gone.
        plugins: [
          cloudflareTest({
            wrangler: { configPath: "./wrangler.toml" },
            // A spectator cap small enough to reach in a test (test/worker/edge/limits.test.ts), and a
            // per-address cap below it so that one is reached first (test/worker/sockets/spectators.test.ts);
            // the match-creation and connection-churn limits stay at wrangler.toml's, and
            // test/worker/helpers.ts gives every request and socket its own client address so only
            // the limits' own tests meet them. A stalled body is cut after 2 s, not 10: the wait is the test's whole time.
            miniflare: {
              bindings: { SPECTATORS_PER_MATCH: "5", SOCKETS_PER_ADDRESS: "3", LIST_CACHE_S: "0", BODY_DEADLINE_MS: "2000", TEST_MIGRATIONS: D1_MIGRATIONS },
            },
          }),
        ],
        test: {
          name: "worker",
          tags: TAGS,
          maxWorkers: UNIT_WORKERS,
          // The worker's dependencies bundled once, not fetched module by module by every file's
          // fresh workerd: each file's start took ~2.8 s, now ~1.4 s.
          deps: { optimizer: { ssr: { enabled: true, include: ["@simplewebauthn/server", "hono", "hono/secure-headers", "valibot", "glicko2", "unhomoglyph", "@noble/ciphers/chacha.js"] } } },
          expect: EVENTUALLY,
          // One Vitest file per folder of test/worker/ (test/worker/suites.ts): a file is a workerd.
          include: ["test/worker/*.test.ts"],
          // A folder's files share a workerd: a spy one file left on console must not reach the next.
          restoreMocks: true,
          setupFiles: ["test/worker/d1.ts"],
          // Whole bot matches run here; under a full parallel run on 2 cores they take seconds.
          testTimeout: 30_000,
        },
      },
      {
        // Node-side tests against a real `wrangler dev` server (unstable_startWorker)
        // over real WebSockets: whole matches, leak check, fuzz, restart. One server, started by
        // the global setup, serves every file but restart.test.ts.
        test: {
          name: "integration",
          environment: "node",
          expect: EVENTUALLY,
          include: ["test/integration/**/*.test.ts"],
          globalSetup: ["test/integration/setup.ts"],
          // Every file in one process, not a fresh one each: a file's own process (Node, Vitest's
          // runner, the harness's imports) cost ~1 s of CPU. No file leaves state in a module.
          isolate: false,
          testTimeout: 180_000,
          hookTimeout: 120_000,
          // One file at a time: they share the one server, and 2 cores would thrash otherwise.
          fileParallelism: false,
        },
      },
      {
        // The web client in real Chromium (playwright-core; harness/chromium.ts finds it) against a
        // real server: the client built by Vite, the worker by unstable_startWorker, both started
        // once for every file by the global setup.
        test: {
          name: "e2e",
          environment: "node",
          expect: EVENTUALLY,
          include: ["test/e2e/**/*.test.ts"],
          globalSetup: ["test/e2e/setup.ts"],
          // As the integration files: one process for every file (playwright-core imported once, and
          // one Chromium launched: harness/browser.ts `sharedBrowser`).
          isolate: false,
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
