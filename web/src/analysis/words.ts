// A decision of the analysis in plain words, with what it was for: "Bob picked the Ogre Brute,
// choosing which minion the Charging Minotaur defeats". What it was for is the engine's own
// sentence for someone waiting on the decision (the replay's view before the action says
// "Bob is choosing …"), so no rule is restated here.
import type { Move } from '../../../shared/engine/types';
import type { View } from '../../../shared/protocol/view';
import { cardName, minion, side } from '../cards';

/** A card or a location by name: "the Ogre Brute", "Misty Ford". */
const named = (id: string): string => (side(id) ? cardName(id) : minion(id) ? `the ${cardName(id)}` : cardName(id));

/** The move's verb and object, in the past ("played the Ogre Brute at Misty Ford") or as an option ("play …"). */
export function moveWords(m: Move, past: boolean): string {
  if (m.type === 'play') return `${past ? 'played' : 'play'} ${named(m.card)} at ${cardName(m.location)}`;
  if (m.option === 'none') return past ? 'declined' : 'decline';
  if (/^\d+$/.test(m.option)) return `${past ? 'took' : 'take'} position ${m.option}`;
  return `${past ? 'picked' : 'pick'} ${named(m.option)}`;
}

/** What the decision in `before` (a spectator's view) was for, as a clause: "choosing where the second minion goes". */
export function purpose(before: View | undefined, name: string): string | null {
  const p = before?.pending;
  if (!p || p.kind === 'play') return null;
  const lead = `${name} is `;
  return p.prompt.startsWith(lead) ? p.prompt.slice(lead.length).replace(/\.$/, '') : null;
}

/** "Bob picked the Ogre Brute, choosing which minion the Charging Minotaur defeats". */
export function decisionWords(before: View | undefined, name: string, m: Move): string {
  const why = purpose(before, name);
  return `${name} ${moveWords(m, true)}${why ? `, ${why}` : ''}`;
}
