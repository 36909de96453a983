// Error codes of PROTOCOL.md, the same on HTTP and on the socket, and the one
// JSON shape every refusal takes.

export const ERROR_CODES = [
  'too-large', 'bad-json', 'bad-request', 'not-found', 'full', 'not-over', 'bad-token',
  'spectator', 'not-your-decision', 'stale', 'illegal', 'rate-limited', 'forbidden', 'unsupported-media-type',
  // Added in version 2 (docs/PROTOCOL.md, "How versions change").
  'name-taken', 'too-many-waiting',
  // Added with players (docs/PROTOCOL.md, "Players"): a new code for requests the old protocol did not have.
  'unauthorized',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** HTTP status for each code (400 bad input, 401 no player, 403 refused, 404 unknown, 409 conflict, 413, 415, 429). */
export const HTTP_STATUS: Record<ErrorCode, 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429> = {
  'too-large': 413,
  'bad-json': 400,
  'bad-request': 400,
  'not-found': 404,
  full: 409,
  'not-over': 409,
  // A token that proves no seat: the request is understood but refused.
  'bad-token': 403,
  spectator: 403,
  'not-your-decision': 409,
  stale: 409,
  illegal: 409,
  'rate-limited': 429,
  // A request another site's page made (its Origin is not this site's): refused before it acts.
  forbidden: 403,
  // A JSON route given a body that does not say it is JSON.
  'unsupported-media-type': 415,
  // Someone at the table has a name that reads the same.
  'name-taken': 409,
  // This address has as many public matches waiting as it may.
  'too-many-waiting': 429,
  // A player route without a player token, or one that names no player (deleted, or never made).
  unauthorized: 401,
};

/** `suggestion`: with `name-taken` on a join, a name the table does not hold yet (the one asked for, numbered), so a client can join with it at once. */
export interface ErrorBody { error: { code: ErrorCode; message: string; suggestion?: string } }

/** The HTTP error body. */
export const errorBody = (code: ErrorCode, message: string, suggestion?: string): ErrorBody =>
  ({ error: { code, message, ...(suggestion === undefined ? {} : { suggestion }) } });

/** The socket error message. */
export const socketError = (code: ErrorCode, message: string) => ({ type: 'error' as const, code, message });

/** A refusal carried between layers before it becomes HTTP or socket JSON. */
export interface Refusal { code: ErrorCode; message: string; suggestion?: string }

/** Messages (socket and HTTP bodies) over this many bytes of UTF-8 are refused. */
export const MAX_MESSAGE_BYTES = 4096;
