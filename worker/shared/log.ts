// One structured JSON line per match event or refusal, so Workers Logs (and `wrangler tail`)
// can be filtered by field instead of grepped. Nothing secret goes in: no tokens, no seeds.

export type LogEvent =
  | 'created' | 'started' | 'ended' | 'refused' | 'failed'
  /** A client went away before its request body arrived (worker/edge/middleware/body.ts). */
  | 'dropped'
  | (string & {});

export interface LogFields {
  /** The match this is about, where there is one. */
  match?: string;
  /** A refusal's protocol error code (`rate-limited`, `forbidden`, ...). */
  code?: string;
  /** Where it happened: a route (`POST /api/matches`) or `socket`. */
  where?: string;
  [field: string]: string | number | boolean | null | undefined;
}

/** Writes `{"event":…,"at":…,…}` on one line. */
export function logEvent(event: LogEvent, fields: LogFields = {}): void {
  console.log(JSON.stringify({ event, at: Date.now(), ...fields }));
}
