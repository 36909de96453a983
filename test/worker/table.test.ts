// The match's table (worker/match/table/, moves.ts, jobs.ts): moves stored first, bots and
// stand-ins on the alarm, clocks, hints, presence, fair play, lessons, seeds, events.
// Every file of test/worker/table/ in one workerd (suites.ts).
import { suites } from './suites';

suites(import.meta.glob('./table/*.test.ts'));
