// The match's sockets (worker/match/sockets/, connect.ts): views and patches, spectators and
// watchers, chat, reactions, the earlier log, the server's own fields.
// Every file of test/worker/sockets/ in one workerd (suites.ts).
import { suites } from './suites';

suites(import.meta.glob('./sockets/*.test.ts'));
