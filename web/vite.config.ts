import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import preact from "@preact/preset-vite";
import { defineConfig, type Plugin } from "vite";
import { withFallbacks, type EmblemCard } from "./src/art/sprite.ts";
import { HEROES, LOCATIONS, MINIONS } from "./src/faces.ts";

const root = fileURLToPath(new URL(".", import.meta.url));

// partysocket carries a long how-to for Node (install `ws`) in the error it logs when there is
// no WebSocket: every browser this client runs in has one, so the text is only bytes against
// the 30 KB budget. The error itself stays.
const shortNodeHint: Plugin = {
  name: "short-node-hint",
  transform(code, id) {
    if (!id.includes("partysocket")) return null;
    const short = code.replace(/console\.error\(`‼️ No WebSocket implementation[\s\S]*?\n\n`\)/, 'console.error("No WebSocket implementation available")');
    return short === code ? null : { code: short, map: null };
  },
};

// The emblem sprite ships with a symbol for every card of the catalogue (as src/faces.ts prints
// them): one without an emblem of its own is drawn with its type's fallback (src/art/sprite.ts),
// never a blank face. The built file
// is named by the hash of what it holds, so a browser never keeps a sprite without a new card's.
const SPRITE = "/src/art/emblems.svg?no-inline";
const emblemCards: EmblemCard[] = [
  ...MINIONS.map((c) => ({ id: c.id, fallback: c.type })),
  ...HEROES.map((c) => ({ id: c.id, fallback: "hero" as const })),
  ...LOCATIONS.map((c) => ({ id: c.id, fallback: "location" as const })),
];
const emblemFallbacks: Plugin = {
  name: "emblem-fallbacks",
  apply: "build",
  enforce: "pre",
  load(id) {
    if (!id.endsWith(SPRITE)) return null;
    const source = withFallbacks(readFileSync(id.slice(0, -"?no-inline".length), "utf8"), emblemCards);
    const ref = this.emitFile({ type: "asset", name: "emblems.svg", source });
    return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
  },
};

// Vite wraps every dynamic import in a helper (~1 KB gzip of every page's JavaScript) that
// fetches the chunk's CSS and its other chunks beside it. Here no lazy chunk carries CSS (the
// analysis page adopts its own: src/analysis/page.tsx; a build in which one does fails rather
// than ship it unstyled), so the helper is four lines: a link that fetches each of the chunk's
// other chunks beside it (the files build.modulePreload lists), then the import itself.
const PRELOAD_HELPER = "\0vite/preload-helper.js";
const plainDynamicImports: Plugin = {
  name: "plain-dynamic-imports",
  apply: "build",
  enforce: "pre",
  load: (id) => (id !== PRELOAD_HELPER ? null : `export const __vitePreload = (load, deps) => {
    for (const href of deps ?? []) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href: "/" + href }));
    return load();
  };`),
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type === "chunk" && chunk.isDynamicEntry && chunk.viteMetadata?.importedCss.size) {
        this.error(`${chunk.fileName} is loaded lazily and imports CSS, which nothing would load (plain-dynamic-imports)`);
      }
    }
  },
};

export default defineConfig({
  root,
  plugins: [preact(), shortNodeHint, emblemFallbacks, plainDynamicImports],
  build: {
    outDir: fileURLToPath(new URL("./dist", import.meta.url)),
    emptyOutDir: true,
    // Every browser that runs Preact 11 and WebSockets supports module scripts and ES2022;
    // no modulepreload polyfill needed (there is one chunk).
    target: "es2022",
    // A lazy chunk's other chunks are asked for beside it (not itself: its import asks for it).
    modulePreload: { polyfill: false, resolveDependencies: (file, deps) => deps.filter((d) => d !== file) },
    // What the entry and the pages fetched later share goes in one chunk beside the entry, so a
    // match page loads two files, not six (each file costs its own gzip overhead against the
    // budget). The pages' own modules (the names excluded) stay in their pages' chunks; what only
    // pages fetched apart share (taking a seat, the lobby's calls, an unknown match's page) is one
    // chunk of its own, fetched beside them, which a seated player's page never needs.
    rollupOptions: { output: { codeSplitting: { groups: [{ name: 'app', test: /web\/src\/(main|app|match)\.tsx/ }, { name: 'pages', test: /web\/src\/(take-seat|calls|no-match)\.tsx?|shared\/protocol\/names/ }, { name: 'app', test: /node_modules|web\/src\/(?!analysis|rules|lobby|replay|tv|join|take-seat|calls|no-match|turn-pictures|profile|player|leaderboard|your-data|passkey|board\/motion)|shared\/(?!engine\/texts|protocol\/names)/, minShareCount: 2 }] } } },
  },
  // The analysis worker (web/src/analysis/worker.ts) is a module worker: its own chunk.
  worker: { format: "es" },
  server: {
    // During `vite dev`, forward API calls to `wrangler dev`.
    proxy: { "/api": { target: "http://127.0.0.1:8787", ws: true } },
  },
});
