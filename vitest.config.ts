import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { mkdirSync } from "node:fs";
import { defineConfig } from "vitest/config";

// wrangler refuses to load a config whose assets.directory is missing, and
// web/dist only exists after `npm run build`. Make sure it exists so the
// worker tests also run on a fresh clone (assets are then just empty).
mkdirSync(new URL("./web/dist", import.meta.url), { recursive: true });

export default defineConfig({
  test: {
    // A project with no matching files yet (engine tests arrive later) must
    // not fail the run. (passWithNoTests is a root-only option in Vitest 4.)
    passWithNoTests: true,
    projects: [
      {
        // Pure engine / node-side tests.
        test: {
          name: "engine",
          environment: "node",
          include: ["shared/**/*.test.ts", "test/engine/**/*.test.ts"],
        },
      },
      {
        // Tests that run inside workerd (Miniflare) against worker/index.ts,
        // with the bindings from wrangler.toml (MATCH Durable Object, ASSETS).
        // @cloudflare/vitest-pool-workers >= 0.13 (Vitest 4) is configured as a
        // Vite plugin; the old defineWorkersConfig/poolOptions.workers API is gone.
        plugins: [
          cloudflareTest({
            wrangler: { configPath: "./wrangler.toml" },
          }),
        ],
        test: {
          name: "worker",
          include: ["test/worker/**/*.test.ts"],
        },
      },
    ],
  },
});
