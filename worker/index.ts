// The Worker: the HTTP edge's app (edge/app.ts) and the Durable Object classes wrangler.toml binds.
import { app } from './edge/app';

export { Echo } from './bench/echo';
export { House } from './house/house';
export { Directory } from './lobby/directory';
export { Feed } from './lobby/feed';
export { Lobby } from './lobby/lobby';
export { Quota } from './lobby/quota';
export { Match } from './match/match';
export { Queue } from './queue/queue';

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
