// A match after its end: rematches and held seats, retention, what a match costs in storage.
// Every file of test/worker/ending/ in one workerd (suites.ts).
import { suites } from './suites';

suites(import.meta.glob('./ending/*.test.ts'));
