// Bindings available to the Worker (see wrangler.toml). Declared on the global
// `Cloudflare` namespace so that `env` from "cloudflare:workers" / "cloudflare:test"
// and `exports` are typed too.
declare namespace Cloudflare {
  interface Env {
    /** Durable Object namespace: one `Match` instance per game. */
    MATCH: DurableObjectNamespace<import("./match").Match>;
    /** Durable Object namespace: the single `Lobby` ("lobby") indexing public waiting matches. */
    LOBBY: DurableObjectNamespace<import("./lobby").Lobby>;
    /** Durable Object namespace: the benchmarks' bare echo baseline (worker/echo.ts). */
    ECHO: DurableObjectNamespace<import("./echo").Echo>;
    /** Durable Object namespace: one `Quota` per client address (the match-creation limit). */
    QUOTA: DurableObjectNamespace<import("./quota").Quota>;
    /** Durable Object namespace: the quick-match queue, sharded per size (`quick-<players>-<k>`, worker/queue.ts). */
    QUEUE: DurableObjectNamespace<import("./queue").Queue>;
    /** Static client assets built into web/dist. */
    ASSETS: Fetcher;
    /** Limits (wrangler.toml [vars]); numbers as text. */
    SPECTATORS_PER_MATCH: string;
    MATCHES_PER_MINUTE: string;
    PUBLIC_WAITING_PER_ADDRESS: string;
    WAITING_GONE_MS: string;
    REMATCH_HOLD_MS: string;
    SOCKETS_PER_ADDRESS: string;
    CONNECTS_PER_MINUTE: string;
    QUICK_WINDOW_MS: string;
    QUICK_SHARD_CAP: string;
    /** "on" serves /api/bench/echo/ws (benchmark servers only). */
    BENCH_ECHO: string;
  }
  interface GlobalProps {
    mainModule: typeof import("./index");
    durableNamespaces: "Match" | "Lobby" | "Echo" | "Quota" | "Queue";
  }
}

type Env = Cloudflare.Env;
