// Players (worker/players/, worker/edge/players.ts): identities, names, passkeys, ratings; and the
// quick-match queue that seats them (worker/queue/, test/worker/queue/).
// Every file of both folders in one workerd (suites.ts): a workerd of its own cost queue/ more to
// start than its tests take.
import { suites } from './suites';

suites({ ...import.meta.glob('./players/*.test.ts'), ...import.meta.glob('./queue/*.test.ts') });
