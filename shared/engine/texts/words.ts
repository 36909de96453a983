// The shape of a card's words (this folder's files hold them), apart from the hooks that use them,
// so the catalogue can read the words without the rules' types, and no import runs in a circle.

/** The words of one decision a card's handler asks (texts/; its resumer is in the handler). */
export interface DecisionWords {
  /** What the decider reads; a function where it names what the decision is about (`ctx`, as the
   * handler asked it; `options`; `name` gives the printed name of a minion, hero or location). */
  prompt: string | ((ctx: Record<string, any>, options: readonly string[], name: (id: string) => string) => string);
  /** Follows the decider's name on everyone else's view: "is choosing where the … puts a peril token". */
  waiting: string;
  /** Who decides and what the options are, in words: the row of docs/SCENARIOS.md's table of decisions. */
  who: string;
  options: string;
}

/** Every word a card says (texts/). */
export interface CardWords {
  /** A `|` marks where a long word may break on a narrow card ("Shield|bearer"); it is not part of the name. */
  name: string;
  /** The short text printed on the card; '' with no ability. */
  card: string;
  /** The ability in full, with every case the short text leaves open; '' with no ability. */
  full: string;
  /** Each decision its handler asks, by kind. */
  decisions?: Record<string, DecisionWords>;
}
