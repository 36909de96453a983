// One name, one person (or bot) per table: two names that read the same after
// nameKey (shared/protocol/name-key.ts: NFKC, default-ignorable characters dropped, case
// and confusables folded) cannot sit at one match, so no one can pass for another player or for a bot.
import { freeName, nameKey, type BotLevel, type Refusal } from '../../../shared/protocol';

const holder = (name: string, taken: string[]): string | undefined => {
  const key = nameKey(name);
  return taken.find((t) => t !== '' && nameKey(t) === key);
};

/** The refusal for `name` when one of `taken` (seated names, bots' too, and held ones) reads the
 * same, with a free name to join with instead (a clash need never block anyone). */
export function nameClash(name: string, taken: string[]): Refusal | null {
  const same = holder(name, taken);
  if (same === undefined) return null;
  const suggestion = freeName(name, (n) => holder(n, taken) !== undefined);
  return {
    code: 'name-taken',
    message: `Someone at this table is called “${same}” already; “${suggestion}” is free.`,
    suggestion,
  };
}

/** A bot's name: "Greedy bot 2" by its seat, or the next number free when a person has that one. */
export function botName(level: BotLevel, seat: number, taken: string[]): string {
  const kind = `${level[0]!.toUpperCase()}${level.slice(1)} bot`;
  for (let n = seat + 1; ; n++) if (holder(`${kind} ${n}`, taken) === undefined) return `${kind} ${n}`;
}
