// The match's table (worker/match/table/, moves.ts, jobs.ts): moves stored first, bots and
// stand-ins on the alarm, clocks, hints, presence, fair play, lessons, seeds, events; and the
// match after its end (test/worker/ending/): rematches and held seats, retention, its storage.
// Every file of both folders in one workerd (suites.ts): a workerd of its own cost ending/ more
// to start than its tests take.
import { suites } from './suites';

suites({ ...import.meta.glob('./table/*.test.ts'), ...import.meta.glob('./ending/*.test.ts') });
