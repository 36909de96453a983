// How a turn goes, in three small pictures made of the table's own card faces (board/card.tsx):
// what an invited person will see, before they sit down. Still scenes, no rules: the positions are
// written out here, each as the table would show it. The cards are pictures here, not controls:
// the scenes are inert and their captions say what they show.
import type { MinionView } from '../../shared/engine/view';
import { Chip, LocationCard, MinionCard } from './board/card';
import { Emblem } from './art/emblem';
import { hero } from './cards';

/** A minion in a horde as a view has it: its printed peril, no tokens. */
const at = (card: string, total: number): MinionView => ({ card, total, vp: 0, peril: 0, protected: false });

function Hero({ id }: { id: string }) {
  const h = hero(id)!;
  return (
    <span class="tp-hero">
      <Emblem id={h.id} cls="em" /> <span>{h.name}</span> <b class="badge pe">{h.threshold}</b>
    </span>
  );
}

// One horde's story across the three, laid out as the table is (haven, location, horde, then the
// hero): two players add to it until its peril reaches Mad Malis's 6; he defeats the minion at
// its back, the rest escape to the haven, and the next hero comes.
export const SCENES = [
  {
    caption: 'Play a minion from your hand to the back of any horde. Its peril adds to the horde’s.',
    scene: (
      <>
        <LocationCard id="sunken-crypt" peril={5} threshold={6} />
        <MinionCard id="1:ogre-brute" on={at('1:ogre-brute', 3)} />
        <MinionCard id="0:dire-bear" on={at('0:dire-bear', 2)} sel />
        <Hero id="mad-malis" />
      </>
    ),
  },
  {
    caption: 'Peril reaches the hero’s threshold: he attacks that horde and defeats the minion at its back.',
    scene: (
      <>
        <LocationCard id="sunken-crypt" peril={6} threshold={6} hot />
        <MinionCard id="1:ogre-brute" on={at('1:ogre-brute', 3)} />
        <MinionCard id="0:dire-bear" on={at('0:dire-bear', 2)} />
        <div class="tp-defeated"><MinionCard id="1:sly-cutpurse" on={at('1:sly-cutpurse', 1)} /></div>
        <Hero id="mad-malis" />
      </>
    ),
  },
  {
    caption: 'The rest escape to the location’s haven: at the end they score their VP, and each location goes to the most peril there.',
    scene: (
      <>
        <div class="haven"><span class="lbl">Haven (2)</span><span class="tiles">
          <Chip id="1:ogre-brute" fresh /><Chip id="0:dire-bear" fresh />
        </span></div>
        <LocationCard id="sunken-crypt" />
        <Hero id="lark-songweaver" />
      </>
    ),
  },
];

/** The three pictures, side by side (stacked on a phone), in the space the page keeps for them. */
export function TurnPictures() {
  return (
    <ol class="turn-pictures" aria-label="How a turn goes">
      {SCENES.map((s, i) => (
        <li key={i}>
          <figure>
            <div class="tp-scene" inert aria-hidden="true">{s.scene}</div>
            <figcaption><b>{i + 1}</b> {s.caption}</figcaption>
          </figure>
        </li>
      ))}
    </ol>
  );
}
