// One name, one person (or bot) per table: two names that read the same after
// nameKey (shared/protocol/names.ts: NFKC, invisible characters dropped, case
// folded) cannot sit at one match, so no one can pass for another player or for a bot.
import { nameKey, type Refusal } from '../shared/protocol';

/** The refusal for `name` when one of `taken` (seated names, bots' too, and held ones) reads the same. */
export function nameClash(name: string, taken: string[]): Refusal | null {
  const key = nameKey(name);
  const same = taken.find((t) => t !== '' && nameKey(t) === key);
  return same === undefined ? null : {
    code: 'name-taken',
    message: `Someone at this table is called “${same}” already; choose another name.`,
  };
}
