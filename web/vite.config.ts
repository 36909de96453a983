import { fileURLToPath } from "node:url";
import preact from "@preact/preset-vite";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root,
  plugins: [preact()],
  build: {
    outDir: fileURLToPath(new URL("./dist", import.meta.url)),
    emptyOutDir: true,
    // Every browser that runs Preact 11 and WebSockets supports module scripts and ES2022;
    // no modulepreload polyfill needed (there is one chunk).
    target: "es2022",
    modulePreload: { polyfill: false },
  },
  // The analysis worker (web/src/analysis/worker.ts) is a module worker: its own chunk.
  worker: { format: "es" },
  server: {
    // During `vite dev`, forward API calls to `wrangler dev`.
    proxy: { "/api": { target: "http://127.0.0.1:8787", ws: true } },
  },
});
