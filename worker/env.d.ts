// Bindings available to the Worker (see wrangler.toml). Declared on the global
// `Cloudflare` namespace so that `env` from "cloudflare:workers" / "cloudflare:test"
// and `exports` are typed too.
declare namespace Cloudflare {
  interface Env {
    /** Durable Object namespace: one `Match` instance per game. */
    MATCH: DurableObjectNamespace<import("./match").Match>;
    /** Durable Object namespace: the single `Lobby` ("lobby") indexing public waiting matches. */
    LOBBY: DurableObjectNamespace<import("./lobby").Lobby>;
    /** Static client assets built into web/dist. */
    ASSETS: Fetcher;
  }
  interface GlobalProps {
    mainModule: typeof import("./index");
    durableNamespaces: "Match" | "Lobby";
  }
}

type Env = Cloudflare.Env;
