// Bindings available to the Worker (see wrangler.toml). Declared on the global
// `Cloudflare` namespace so that `env` from "cloudflare:workers" / "cloudflare:test"
// and `exports` are typed too.
declare namespace Cloudflare {
  interface Env {
    /** Durable Object namespace: one `Match` instance per game. */
    MATCH: DurableObjectNamespace<import("./match/match").Match>;
    /** Durable Object namespace: the single `Lobby` ("lobby") indexing public waiting matches. */
    LOBBY: DurableObjectNamespace<import("./lobby/lobby").Lobby>;
    /** Durable Object namespace: the public list's shards (`list-0..`), pushed to by the matches (worker/lobby/directory.ts). */
    DIRECTORY: DurableObjectNamespace<import("./lobby/directory").Directory>;
    /** Durable Object namespace: the benchmarks' bare echo baseline (worker/bench/echo.ts). */
    ECHO: DurableObjectNamespace<import("./bench/echo").Echo>;
    /** Durable Object namespace: one `Quota` per client address (the match-creation limit). */
    QUOTA: DurableObjectNamespace<import("./lobby/quota").Quota>;
    /** Durable Object namespace: the single `House` ("house") keeping /tv's bot match (worker/house/house.ts). */
    HOUSE: DurableObjectNamespace<import("./house/house").House>;
    /** Durable Object namespace: the quick-match queue, sharded per size (`quick-<players>-<k>`, worker/queue/queue.ts). */
    QUEUE: DurableObjectNamespace<import("./queue/queue").Queue>;
    /** Durable Object namespace: the single `Feed` ("feed") pushing the public list to open landing pages (worker/lobby/feed.ts). */
    FEED: DurableObjectNamespace<import("./lobby/feed").Feed>;
    /** D1: players, ratings and the index of finished matches (migrations/, worker/players/). */
    DB: D1Database;
    /** Static client assets built into web/dist. */
    ASSETS: Fetcher;
    /** Limits (wrangler.toml [vars]); numbers as text. */
    SPECTATORS_PER_MATCH: string;
    MATCHES_PER_MINUTE: string;
    PUBLIC_WAITING_PER_ADDRESS: string;
    PRIVATE_WAITING_PER_ADDRESS: string;
    /** The floors of a table with two or more people (worker/shared/limits.ts). */
    MIN_IDLE_MS: string;
    MIN_AWAY_MS: string;
    /** Test servers only: the most any match's bots wait before a move (worker/shared/limits.ts). */
    BOT_DELAY_MAX_MS?: string;
    WAITING_GONE_MS: string;
    REMATCH_HOLD_MS: string;
    SOCKETS_PER_ADDRESS: string;
    CONNECTS_PER_MINUTE: string;
    /** New players per client address per minute (worker/edge/players.ts). */
    PLAYERS_PER_MINUTE: string;
    /** Replays per client address per minute (worker/edge/replays.ts). */
    REPLAYS_PER_MINUTE: string;
    /** Retention (worker/match/retention.ts). */
    UNSTARTED_RETENTION_MS: string;
    FINISHED_RETENTION_DAYS: string;
    STALLED_MATCH_DAYS: string;
    /** How many directory shards; seconds GET /api/matches is cached at the edge ("0": not cached). */
    LIST_SHARDS: string;
    LIST_CACHE_S: string;
    /** The house match's bot pace in ms (worker/house/house.ts); absent: 1500. */
    TV_BOT_DELAY_MS?: string;
    QUICK_WINDOW_MS: string;
    BODY_DEADLINE_MS: string;
    QUICK_SHARD_CAP: string;
    /** "on" serves /api/bench/echo/ws (benchmark servers only). */
    BENCH_ECHO: string;
  }
  interface GlobalProps {
    mainModule: typeof import("./index");
    durableNamespaces: "Match" | "Lobby" | "Echo" | "Quota" | "Directory" | "House" | "Queue";
  }
}

type Env = Cloudflare.Env;
