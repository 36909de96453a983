// Players (worker/players/, worker/edge/players.ts): identities, names, passkeys, ratings.
// Every file of test/worker/players/ in one workerd (suites.ts).
import { suites } from './suites';

suites(import.meta.glob('./players/*.test.ts'));
