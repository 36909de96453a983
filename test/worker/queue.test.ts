// The quick-match queue (worker/queue/).
// Every file of test/worker/queue/ in one workerd (suites.ts).
import { suites } from './suites';

suites(import.meta.glob('./queue/*.test.ts'));
