// Cloudflare's cache in the data center that answers (caches.default): the public list's few
// seconds (matches.ts) and finished matches' replays (replays.ts).

// workers-types' CacheStorage has `default`; the DOM lib some configs load beside it does not.
export const edgeCache = (): Cache => (caches as unknown as { default: Cache }).default;
