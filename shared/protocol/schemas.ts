// valibot schemas of every request body and socket message of PROTOCOL.md.
// Shared by the worker (to validate) and the web client (to type what it sends).
import * as v from 'valibot';
import { CHAT_MAX, cleanChat } from './chat';
import { EMOTE_IDS } from './emotes';
import { BOT_LEVELS, CREATE_DEFAULTS as D } from './http';
import { cleanName, nameProblem, wellFormed } from './names';
import { LESSON_IDS } from '../lesson-ids';

export { BOT_LEVELS, type BotLevel } from './http';

const int = (min: number, max: number) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));

export const CreateMatchBody = v.pipe(
  v.object({
    players: int(2, 4),
    // An object keyed by seat; valibot's record would take an array's indexes as seats.
    bots: v.optional(v.pipe(
      v.custom<unknown>((x) => !Array.isArray(x), 'bots is an object of seat to level, e.g. { "1": "greedy" }'),
      v.record(v.pipe(v.string(), v.regex(/^[0-3]$/, 'a bot seat is 0 to 3')), v.picklist(BOT_LEVELS)),
    ), {}),
    locations: v.optional(v.union([v.array(v.pipe(v.string(), v.maxLength(64))), v.literal('choose')])),
    clock: v.optional(v.nullable(int(10, 3600)), D.clock),
    /** A chosen deal (private matches only; the match is then marked `seeded`): 32 to 64 hex digits
     * (128 to 256 bits), or an integer as older matches had. */
    seed: v.optional(v.union([
      v.pipe(v.string(), v.regex(/^[0-9a-fA-F]{32,64}$/, 'a seed is 32 to 64 hex digits'), v.toLowerCase()),
      v.pipe(v.number(), v.safeInteger()),
    ], 'a seed is 32 to 64 hex digits, or an integer')),
    public: v.optional(v.boolean(), D.public),
    /** Extra: a public match is also listed as watchable while in play (`live`); false: for players only. */
    watch: v.optional(v.boolean(), D.watch),
    botDelayMs: v.optional(int(0, 5000), D.botDelayMs),
    /** Extra: the bot level that stands in for a person who ran out of time or left. */
    takeover: v.optional(v.picklist(BOT_LEVELS), D.takeover),
    /** Extra: how long a person may be gone (no socket) before the stand-in plays for them. */
    awayMs: v.optional(int(0, 600_000), D.awayMs),
    /** Extra: without a clock, how long a decision waits before the other players may hand its seat to a bot. */
    idleMs: v.optional(int(0, 3_600_000), D.idleMs),
    /** Extra: a private match of identified people whose result moves their ratings (worker/players/ratings.ts). */
    rated: v.optional(v.boolean()),
    /** Extra: the guided first match: its prepared deal (shared/lessons.ts) against bots; the client coaches. */
    lesson: v.optional(v.picklist(LESSON_IDS)),
  }),
  v.check((b) => Object.keys(b.bots).every((s) => Number(s) < b.players), 'a bot seat must be a seat of this match'),
  // Strangers must never meet a deal its creator knows in advance.
  v.check((b) => b.seed === undefined || !b.public, 'a public match is dealt at random: a seed is for private matches only'),
  v.check((b) => !Array.isArray(b.locations) || b.locations.length === b.players + 1,
    'locations lists one side id per location: players + 1 of them'),
  // Strangers sit down to the documented pace and stand-in rules, never to ones chosen against them.
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed || !dataset.value.public) return;
    const changed = PUBLIC_FIXED.filter((k) => dataset.value[k] !== D[k]);
    if (changed.length) {
      addIssue({ message: `a public match plays by the defaults (${PUBLIC_FIXED.map((k) => `${k} ${D[k]}`).join(', ')}); `
        + `leave out ${changed.join(', ')} or make the match private` });
    }
  }),
  // A lesson is its prepared deal, played privately against bots.
  v.check((b) => !b.lesson || (!b.public && !b.rated && b.seed === undefined && b.locations === undefined
    && b.players === 2 && Object.keys(b.bots).length === 1), 'a lesson is a private 2-seat match against one bot, on its own deal: leave out public, rated, seed and locations'),
  // A rating is won against people, at a table nobody arranged: no bots, no known deal, the defaults' pace.
  v.check((b) => !b.rated || Object.keys(b.bots).length === 0, 'a rated match seats people only: leave out bots'),
  v.check((b) => !b.rated || b.seed === undefined, 'a rated match is dealt at random: leave out the seed'),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed || !dataset.value.rated) return;
    const changed = PUBLIC_FIXED.filter((k) => dataset.value[k] !== D[k]);
    if (changed.length) addIssue({ message: `a rated match plays by the defaults: leave out ${changed.join(', ')}` });
  }),
  // Only the site's own table (/tv) is bots alone in public: a match of bots is watched by its link.
  v.check((b) => !b.public || Object.keys(b.bots).length < b.players,
    'a match of bots only is never public: share its link to watch it, or see /tv'),
);

/** The options a public match may not change from CREATE_DEFAULTS. */
const PUBLIC_FIXED = ['botDelayMs', 'takeover', 'awayMs', 'idleMs'] as const;
export type CreateMatchBody = v.InferOutput<typeof CreateMatchBody>;

export const Name = v.pipe(
  v.string(),
  v.check(wellFormed, 'a name must be Unicode text (it holds a lone surrogate)'),
  v.transform(cleanName),
  v.rawCheck(({ dataset, addIssue }) => {
    const problem = dataset.typed ? nameProblem(dataset.value) : null;
    if (problem) addIssue({ message: problem });
  }),
);

/** `POST /api/players`: the name, kept once and unique across the site. */
/** `orFree`: when the name is taken, take the free one like it instead of a 409 (a first visit's silent player). */
export const PlayerBody = v.object({ name: Name, orFree: v.optional(v.boolean()) });
export type PlayerBody = v.InferOutput<typeof PlayerBody>;

/** A passkey ceremony's answer from the browser (WebAuthn's JSON form), checked for its shape; the
 * server's WebAuthn library checks the rest. */
export const PasskeyAnswer = v.looseObject({
  id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,1024}$/, 'id is base64url')),
  rawId: v.pipe(v.string(), v.maxLength(1024)),
  type: v.literal('public-key'),
  response: v.looseObject({ clientDataJSON: v.pipe(v.string(), v.maxLength(2048)) }),
  clientExtensionResults: v.optional(v.looseObject({}), {}),
});
export type PasskeyAnswer = v.InferOutput<typeof PasskeyAnswer>;

/** `PATCH /api/me`: a new name (the old one stays the player's for 30 days). */
export const RenameBody = v.object({ name: Name });
export type RenameBody = v.InferOutput<typeof RenameBody>;

const Token = v.pipe(v.string(), v.minLength(1), v.maxLength(256));

export const JoinBody = v.object({
  name: Name, seat: v.optional(int(0, 3)),
  /** Extra: the seat token of the finished match this one is the rematch of; claims that seat while it is held. */
  rematchToken: v.optional(Token),
});
export type JoinBody = v.InferOutput<typeof JoinBody>;

export const RematchBody = v.object({ token: Token });
export type RematchBody = v.InferOutput<typeof RematchBody>;

// Only the types: PROTOCOL.md gives a version that is not the current one `stale`, and a card,
// location or option that was not offered `illegal`, both later in the check order than
// `bad-request`. The 4 KiB message limit bounds their length.
const version = v.number();
const text = v.string();

export const PlayMessage = v.object({ type: v.literal('play'), card: text, location: text, version });
export const ChooseMessage = v.object({ type: v.literal('choose'), option: text, version });
export const PingMessage = v.object({ type: v.literal('ping') });
/** Extra: a reaction (emotes.ts). */
export const EmoteMessage = v.object({ type: v.literal('emote'), emote: v.picklist(EMOTE_IDS) });

/** Extra: let a stand-in bot play for an idle player (worker/match/table/idle.ts says when). */
export const StandInMessage = v.object({ type: v.literal('stand-in'), seat: int(0, 3) });

/** Extra: the sender asks for a hint on its current decision (a match where every other seat is a bot). */
export const HintMessage = v.object({ type: v.literal('hint') });

/** Extra: a line of table chat, seats of a private match only (worker/match/sockets/chat.ts): 1 to 200 characters once cleaned. */
export const ChatMessage = v.object({
  type: v.literal('chat'),
  text: v.pipe(v.string(), v.check(wellFormed, 'text is not well-formed Unicode'), v.transform(cleanChat),
    v.check((t) => t.length > 0, 'text is empty'), v.check((t) => [...t].length <= CHAT_MAX, `text has at most ${CHAT_MAX} characters`)),
});

/** Extra: the log's entries before seq `before` (all of them without it), which a view's window leaves out. */
export const LogMessage = v.object({ type: v.literal('log'), before: v.optional(int(1, Number.MAX_SAFE_INTEGER)) });

/** Client → server. */
export const ClientMessage = v.variant('type', [PlayMessage, ChooseMessage, PingMessage, EmoteMessage, StandInMessage, HintMessage, LogMessage, ChatMessage]);
export type ClientMessage = v.InferOutput<typeof ClientMessage>;
export type ActionMessage = Extract<ClientMessage, { type: 'play' | 'choose' }>;

/** The first issue, in words for people. */
export const describeIssues = (issues: readonly v.BaseIssue<unknown>[]): string => {
  const first = issues[0];
  if (!first) return 'invalid';
  const path = first.path?.map((p) => String(p.key)).join('.');
  return path ? `${path}: ${first.message}` : first.message;
};

/** `POST /api/quick`: a seat at the next table of `players` (default 2) with whoever else asks
 * within the window; `ticket` (the client's own random secret, 22 to 64 base64url characters)
 * makes a retried request get the same seat. */
export const QuickBody = v.object({
  name: Name,
  players: v.optional(int(2, 4), 2),
  ticket: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{22,64}$/, 'a ticket is 22 to 64 base64url characters'))),
});
export type QuickBody = v.InferOutput<typeof QuickBody>;
