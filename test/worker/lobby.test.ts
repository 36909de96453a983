// The lobby and directory (worker/lobby/) and the /tv house (worker/house/): routes, the public
// list and its feed, waiting matches.
// Every file of test/worker/lobby/ in one workerd (suites.ts).
import { suites } from './suites';

suites(import.meta.glob('./lobby/*.test.ts'));
