// One name, one person (or bot) per table: two names that read the same after
// nameKey (shared/protocol/name-key.ts: NFKC, default-ignorable characters dropped, case
// and confusables folded) cannot sit at one match, so no one can pass for another player or for a bot.
import { nameKey, type BotLevel, type Refusal } from '../../../shared/protocol';

/** The refusal for `name` when one of `taken` (seated names, bots' too, and held ones) reads the same. */
export function nameClash(name: string, taken: string[]): Refusal | null {
  const key = nameKey(name);
  const same = taken.find((t) => t !== '' && nameKey(t) === key);
  return same === undefined ? null : {
    code: 'name-taken',
    message: `Someone at this table is called “${same}” already; choose another name.`,
  };
}

/** A bot's name: "Greedy bot 2" by its seat, or the next number free when a person has that one. */
export function botName(level: BotLevel, seat: number, taken: string[]): string {
  const kind = `${level[0]!.toUpperCase()}${level.slice(1)} bot`;
  for (let n = seat + 1; ; n++) if (!nameClash(`${kind} ${n}`, taken)) return `${kind} ${n}`;
}
