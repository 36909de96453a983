// The horde zone as the rulebook lays it out: location cards left to right,
// each haven on the far side of its location, each horde running from its
// location (position 0) back toward the hero, who waits at the other end.
// One grid for all columns keeps position i of every horde on one row, so
// side-by-side adjacency reads at a glance.
import type { View } from '../../../shared/protocol/view';
import { act } from '../net';
import { choices } from '../options';
import { Mark } from '../seats';
import { Chip, HeroCard, LocationCard, MinionCard } from './card';

export function Table({ v }: { v: View }) {
  const c = choices.value;
  const control = v.result?.control;
  const top = control ? 4 : 3; // grid row of horde position 0
  const at = (col: number, row: number) => ({ gridColumn: String(col + 1), gridRow: String(row) });
  return (
    <div class="tablewrap">
      <div class="table" style={{ gridTemplateColumns: `repeat(${v.locations.length}, minmax(7rem, 1fr))` }}>
        {v.locations.flatMap((l, col) => {
          const loc = c.locations.get(l.id);
          const slots = c.slotsAt === l.id ? c.slots : null;
          const owner = control?.[l.id];
          const back = slots?.get(l.horde.length);
          return [
            <div class="haven" key={`h${l.id}`} style={at(col, 1)} aria-label="safe haven">
              <span class="lbl">Haven{l.haven.length ? ` (${l.haven.length})` : ''}</span>
              {l.haven.map((id) => <Chip key={id} id={id} />)}
            </div>,
            control && (
              <div class="ctl" key={`c${l.id}`} style={at(col, 2)}>
                {owner == null ? 'No one controls it' : <>Controlled by <Mark seat={owner} /> {v.players[owner]?.name}</>}
              </div>
            ),
            <div key={`l${l.id}`} style={at(col, top - 1)}>
              <LocationCard id={l.id} peril={l.peril} threshold={v.threshold} opt={!!loc} onPick={() => loc && act(loc)} />
            </div>,
            ...l.horde.map((m, i) => {
              const o = c.minions.get(m.card);
              const s = slots?.get(i);
              return (
                <div class="cell" key={m.card} style={at(col, top + i)}>
                  {s && <Slot pos={i} onPick={() => act(s)} />}
                  <MinionCard id={m.card} on={m} opt={!!o} onPick={() => o && act(o)} />
                </div>
              );
            }),
            back && (
              <div class="cell" key={`s${l.id}`} style={at(col, top + l.horde.length)}>
                <Slot pos={l.horde.length} back onPick={() => act(back)} />
              </div>
            ),
          ];
        })}
      </div>
      <HeroCard id={v.hero} left={v.heroesLeft} past={v.pastHeroes ?? []} />
    </div>
  );
}

function Slot({ pos, back, onPick }: { pos: number; back?: boolean; onPick: () => void }) {
  return (
    <button type="button" class="slot opt" onClick={onPick}>
      Place here ({back ? 'back' : pos === 0 ? 'front' : `position ${pos}`})
    </button>
  );
}
