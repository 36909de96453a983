// The HTTP edge (worker/edge/ and its middleware): bodies, headers, origins, the pages' heads,
// limits and backoff, replays, unknown ids, refused sockets.
// Every file of test/worker/edge/ in one workerd (suites.ts).
import { suites } from './suites';

suites(import.meta.glob('./edge/*.test.ts'), ['unknown-ids']);
