// How to play, in short, and every card of the catalogue.
import { HAND_SIZE, HEROES, heroDeckSize, LOCATION_CARDS, MINIONS } from '../../shared/engine/catalog';
import { FULL_TEXT } from '../../shared/engine/texts';
import { STEP_PICTURES, TablePicture } from './rules-pictures';

// The full text, the same words as the catalogue of docs/RULES.md (generated from this data).
const fullText = (c: { id: string; timing: string }) =>
  FULL_TEXT[c.id] ? `${c.timing[0]!.toUpperCase()}${c.timing.slice(1)}: ${FULL_TEXT[c.id]}` : 'No ability.';

export function Rules() {
  return (
    <main class="rules">
      <h1>How to play Retreat to Darkmoor</h1>
      <p>Every player is a dark lord with the same deck of {MINIONS.length} minions. Get your minions away from the
        Legendary Heroes into the safe havens of Darkmoor, win control of locations, and pick off
        your rivals' minions along the way. Most VP at the end wins.</p>
      <h2>The table</h2>
      <p>One location card more than there are players lies in a row. The hero deck (2 players: {heroDeckSize(2)}
        heroes, 3: {heroDeckSize(3)}, 4: {heroDeckSize(4)}) sits across from them with its top hero revealed. Between them is the
        horde zone: each location can have a <b>horde</b>, a line of minions starting at the location
        and running back toward the hero. Minions that escape go to the location's <b>safe haven</b>,
        on its far side. Each player starts with {HAND_SIZE} cards. Here is one location's column as the board draws it:</p>
      <TablePicture />
      <h2>Your turn</h2>
      <ol class="rp-steps">
        <li><p><b>Play a card.</b> Put one minion from your hand at the back of a horde, or at a location
          with no horde to start one. Immediate abilities happen now: one that says “may” can be declined; any other must be used when it has a legal target.</p>{STEP_PICTURES[0]}</li>
        <li><p><b>Peril.</b> Add up each horde's peril. If a horde reaches the hero's threshold, the hero
          attacks it (you choose if several qualify): the minion closest to the hero that is not
          protected is defeated, and you take 2 VP if it was a rival's. Then the hero's ability, the
          defeated minion's ability, and the other triggered abilities resolve. The hero is discarded
          and the surviving minions of that horde escape to its safe haven, cashing in their VP tokens.</p>{STEP_PICTURES[1]}</li>
        <li><p><b>New hero.</b> If no hero is revealed, reveal the next one. If none is left, the game ends.</p>{STEP_PICTURES[2]}</li>
        <li><p><b>Draw</b> back up to {HAND_SIZE} cards. The next player goes.</p>{STEP_PICTURES[3]}</li>
      </ol>
      <p>Minions are adjacent side by side and front to back, even across hordes, never diagonally.
        Gaps in a horde close at once toward the location. Card text beats these rules.</p>
      <h2>The end</h2>
      <p>After the last hero has attacked, every minion still in a horde escapes to its haven. At each
        location, the player with the most peril there scores its VP (a tie scores nothing). Score
        your escaped minions' VP, your locations and your tokens. Most VP wins; a tie goes to the
        tied player who would have played next.</p>
      <p class="muted">On the board, as above: <span class="badge pe sm">3</span> peril, <span class="badge vp sm">2</span> VP; a <span class="pro">protected</span> minion is skipped by heroes.</p>

      <h2>Minions (each deck)</h2>
      <div class="catalog">
        {MINIONS.map((c) => (
          <div class="entry" key={c.id}><b>{c.name}</b> <span class="muted">{c.type}</span> <Badges peril={c.peril} vp={c.vp} /><p>{fullText(c)}</p></div>
        ))}
      </div>
      <h2>Legendary Heroes</h2>
      <div class="catalog">
        {HEROES.map((c) => (
          <div class="entry" key={c.id}><b>{c.name}</b> <span class="muted">{c.heroType} · attacks at</span> <Badges peril={c.threshold} /><p>{fullText(c)}</p></div>
        ))}
      </div>
      <h2>Locations (two sides each)</h2>
      <div class="catalog">
        {LOCATION_CARDS.flat().map((c) => (
          <div class="entry" key={c.id}><b>{c.name}</b> <Badges vp={c.vp} /><p>{fullText(c)}</p></div>
        ))}
      </div>
    </main>
  );
}

/** A card's numbers as the board shows them: peril on the red shield, VP on the gold coin. */
const Badges = ({ peril, vp }: { peril?: number; vp?: number }) => (
  <>
    {peril !== undefined && <span class="badge pe sm" title="peril">{peril}<span class="sr"> peril</span></span>}
    {vp !== undefined && <span class="badge vp sm" title="VP">{vp}<span class="sr"> VP</span></span>}
  </>
);
