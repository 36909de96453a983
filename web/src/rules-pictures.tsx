// The rules page's pictures, drawn with the board's own card faces and badges (board/card.tsx):
// the table labelled part by part, and one picture for each step of a turn. Pictures, not
// controls: inert and hidden from screen readers, each told in words beside it.
import type { ComponentChildren } from 'preact';
import type { MinionView } from '../../shared/engine/view';
import { Chip, HeroCard, LocationCard, MinionCard } from './board/card';
import { SCENES } from './turn-pictures';

const at = (card: string, total: number, tokens: Partial<MinionView> = {}): MinionView =>
  ({ card, total, vp: 0, peril: 0, protected: false, ...tokens });

const Picture = ({ children }: { children: ComponentChildren }) => <div class="rp-pic" inert aria-hidden="true">{children}</div>;

/** One part of the table: its picture and its name. */
function Part({ name, says, children }: { name: string; says: string; children: ComponentChildren }) {
  return (
    <li class="rp-part">
      <Picture>{children}</Picture>
      <p><b class="rp-name">{name}</b> {says}</p>
    </li>
  );
}

/** The table as the board draws one location's column, top to bottom, and the hero beside it. */
export function TablePicture() {
  return (
    <ol class="rp-table" aria-label="The table, part by part">
      <Part name="Haven" says="Minions that escaped from this location's horde. At the end, the player with the most peril here takes the location's VP.">
        <div class="haven"><span class="lbl">Haven (2)</span><span class="tiles"><Chip id="1:ogre-brute" /><Chip id="0:dire-bear" /></span></div>
      </Part>
      <Part name="Location" says="Its VP (the gold coin), its rule, and its horde's peril against the hero's threshold.">
        <LocationCard id="sunken-crypt" peril={6} threshold={7} />
      </Part>
      <Part name="Front of the horde" says="The minion next to the location. A horde runs from here back toward the hero.">
        <MinionCard id="2:vampire-countess" on={at('2:vampire-countess', 2)} />
      </Part>
      <Part name="Tokens" says="Coins on a minion: gold ones are VP it carries, red ones add to its peril.">
        <MinionCard id="0:sly-cutpurse" on={at('0:sly-cutpurse', 2, { vp: 1, peril: 1 })} />
      </Part>
      <Part name="Back of the horde" says="The minion nearest the hero: the one a hero defeats first. You play to the back.">
        <MinionCard id="1:stalwart-shieldbearer" on={at('1:stalwart-shieldbearer', 2, { protected: true })} />
      </Part>
      <Part name="Peril and VP" says="Every card shows its peril on the red shield and its VP on the gold coin; “protected” means heroes skip it.">
        <span class="rp-badges"><span class="badge pe">3</span> peril <span class="badge vp">2</span> VP <span class="pro">protected</span></span>
      </Part>
      <Part name="Hero" says="The revealed hero, its threshold on the red shield: it attacks a horde whose peril reaches it. The backs are the heroes still to come.">
        <HeroCard id="mad-malis" left={4} past={[]} />
      </Part>
    </ol>
  );
}

/** Pictures for the turn's steps: play, peril (the attack and the escape), a new hero, drawing. */
const Scene = ({ n }: { n: number }) => <div class="tp-scene">{SCENES[n]!.scene}</div>;
export const STEP_PICTURES: ComponentChildren[] = [
  <Picture><Scene n={0} /></Picture>,
  <Picture><Scene n={1} /><Scene n={2} /></Picture>,
  <Picture><HeroCard id="sir-roderick" left={3} past={['mad-malis']} /></Picture>,
  <Picture><div class="rp-hand">{['0:dire-bear', '0:ogre-brute', '0:spotted-griffin'].map((id) => <MinionCard key={id} id={id} />)}</div></Picture>,
];
