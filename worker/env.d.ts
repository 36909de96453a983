// Bindings available to the Worker (see wrangler.toml). Declared on the global
// `Cloudflare` namespace so that `env` from "cloudflare:workers" / "cloudflare:test"
// and `exports` are typed too.
declare namespace Cloudflare {
  interface Env {
    /** Durable Object namespace: one `Match` instance per game. */
    MATCH: DurableObjectNamespace<import("./match").Match>;
    /** Static client assets built into web/dist. */
    ASSETS: Fetcher;
  }
  interface GlobalProps {
    mainModule: typeof import("./index");
    durableNamespaces: "Match";
  }
}

type Env = Cloudflare.Env;
