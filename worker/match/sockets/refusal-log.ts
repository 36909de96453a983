// Socket refusals (a socket closed for policy, an upgrade refused for a bad token, a cap or churn), one
// structured line each (worker/shared/log.ts), without letting a flood become a log flood: per match,
// each kind of refusal writes at most one line per LOG_EVERY_MS, and the next line says how many
// were held back (`held`). Single refused messages are answered on their socket and not logged;
// the close they lead to is.
import { logEvent, type LogFields } from '../../shared/log';

export const LOG_EVERY_MS = 10_000;

export class RefusalLog {
  private last = new Map<string, { at: number; held: number }>();

  /** `kind` tells refusals apart beside their code (`closed`, `upgrade`, ...). */
  write(match: string | undefined, code: string, kind: string, fields: LogFields = {}, now = Date.now()): void {
    const key = `${code}:${kind}`;
    const seen = this.last.get(key);
    if (seen && now - seen.at < LOG_EVERY_MS) {
      seen.held++;
      return;
    }
    this.last.set(key, { at: now, held: 0 });
    logEvent('refused', { match, code, where: 'socket', kind, ...fields, ...(seen?.held ? { held: seen.held } : {}) });
  }
}
