// The horde zone as the rulebook lays it out: location cards left to right,
// each haven on the far side of its location, each horde running from its
// location (position 0) back toward the hero, who waits at the other end.
// One grid for all columns keeps position i of every horde on one row, so
// side-by-side adjacency reads at a glance.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { View } from '../../../shared/protocol/view';
import { act } from '../net';
import { choices, choosingSides } from '../options';
import { cardName } from '../cards';
import { KeyNum, keyName, keyOf } from '../keys';
import { BotTag, Mark } from '../seats';
import { Chip, HeroCard, LocationCard, MinionCard } from './card';

/**
 * Cards in a horde or haven that arrived since a player's last decision (for a
 * spectator: since the last update). They glow as they land and stay marked
 * until that player decides again, so "what changed while I waited" reads at a glance.
 */
function useArrivals(v: View): Set<string> {
  const seen = useRef<{ version: number; ids: Set<string>; base: Set<string>; fresh: Set<string>; mine: boolean } | null>(null);
  const prev = seen.current;
  if (!prev || prev.version !== v.version) {
    // Keyed by place: a minion that escaped to a haven, or moved to another horde, arrived there.
    const ids = new Set(v.locations.flatMap((l) => [...l.horde.map((m) => `${l.id} ${m.card}`), ...l.haven.map((id) => `${l.id} haven ${id}`)]));
    const base = !prev ? ids : v.you === null || prev.mine ? prev.ids : prev.base;
    const fresh = new Set([...ids].filter((id) => !base.has(id)));
    seen.current = { version: v.version, ids, base, fresh, mine: v.you !== null && v.pending?.seat === v.you };
  }
  return seen.current!.fresh;
}

/**
 * Where more of the table lies when it runs past the screen (a phone with four or more
 * locations): 'right' until scrolled to its end, then 'left'; null when it all fits. The hint
 * stays while the table overflows, so reaching the end does not make the table jump.
 */
function useOverflow(): [preact.RefObject<HTMLDivElement | null>, 'left' | 'right' | null] {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState<'left' | 'right' | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setMore(el.scrollWidth <= el.clientWidth + 4 ? null
      : el.scrollLeft + el.clientWidth < el.scrollWidth - 4 ? 'right' : 'left');
    check();
    const ro = new ResizeObserver(check);
    ro.observe(el);
    el.addEventListener('scroll', check, { passive: true });
    return () => { ro.disconnect(); el.removeEventListener('scroll', check); };
  }, []);
  return [ref, more];
}

export function Table({ v }: { v: View }) {
  const c = choices.value;
  const fresh = useArrivals(v);
  const [wrap, more] = useOverflow();
  const control = v.result?.control;
  const top = control ? 4 : 3; // grid row of horde position 0
  const at = (col: number, row: number) => ({ gridColumn: String(col + 1), gridRow: String(row) });
  return (
    <div class="tablewrap" ref={wrap}>
      {more && <p class="more" aria-hidden="true">{more === 'right' ? 'More locations: scroll →' : '← Scroll back'}</p>}
      <div class="table" style={{ gridTemplateColumns: `repeat(${v.locations.length}, minmax(7rem, 1fr))` }}>
        {v.locations.flatMap((l, col) => {
          const loc = c.locations.get(l.id);
          const slots = c.slotsAt === l.id ? c.slots : null;
          const owner = control?.[l.id];
          const back = slots?.get(l.horde.length);
          return [
            <div class="haven" key={`h${l.id}`} style={at(col, 1)} role="group" aria-label={`Safe haven of ${cardName(l.id)}`}>
              <span class="lbl">Haven{l.haven.length ? ` (${l.haven.length})` : ''} <HavenTally totals={l.tally} /></span>
              <span class="tiles">{l.haven.map((id) => <Chip key={id} id={id} fresh={fresh.has(`${l.id} haven ${id}`)} />)}</span>
            </div>,
            control && (
              <div class="ctl" key={`c${l.id}`} style={at(col, 2)}>
                {owner == null ? 'No one controls it' : <>Controlled by <Mark seat={owner} /> {v.players[owner]?.name} {v.players[owner] && <BotTag kind={v.players[owner].kind} />}</>}
                <Tally totals={v.result?.tallies?.[l.id]} />
              </div>
            ),
            <div key={`l${l.id}`} style={at(col, top - 1)}>
              <LocationCard id={l.id} peril={v.over || choosingSides(v) ? undefined : l.peril} threshold={v.threshold} hot={l.qualifies} opt={!!loc} n={keyOf(`loc:${l.id}`)} onPick={() => loc && act(loc)} />
            </div>,
            ...l.horde.map((m, i) => {
              const o = c.minions.get(m.card);
              const s = slots?.get(i);
              return (
                <div class={`cell${fresh.has(`${l.id} ${m.card}`) ? ' fresh' : ''}`} key={m.card} style={at(col, top + i)} data-at={l.id}>
                  {s && <Slot pos={i} onPick={() => act(s)} />}
                  <MinionCard id={m.card} on={m} opt={!!o} n={keyOf(`minion:${m.card}`)} onPick={() => o && act(o)} />
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
      {!choosingSides(v) && <HeroCard id={v.hero} left={v.heroesLeft} past={v.pastHeroes ?? []} />}
    </div>
  );
}

function Slot({ pos, back, onPick }: { pos: number; back?: boolean; onPick: () => void }) {
  const n = keyOf(`slot:${pos}`);
  return (
    <button type="button" class="slot opt" onClick={onPick} aria-keyshortcuts={keyName(n)}>
      Place here ({back ? 'back' : pos === 0 ? 'front' : `position ${pos}`}){n ? <KeyNum n={n} /> : null}
    </button>
  );
}

/** Each competing player's total in a haven, as the engine counts it toward control: who leads there at a glance. */
function HavenTally({ totals }: { totals: (number | null)[] | undefined }) {
  const competing = (totals ?? []).flatMap((n, seat) => (n === null ? [] : [{ seat, n }]));
  if (!competing.length) return null;
  return (
    <span class="hp" title="each player's total in this haven toward control (the location's rule says what counts)">
      {competing.map(({ seat, n }) => <span key={seat}><Mark seat={seat} />{n}</span>)}
    </span>
  );
}

/** Why control came out as it did: each competitor's total there, as the engine counted it (R21). */
function Tally({ totals }: { totals: (number | null)[] | undefined }) {
  if (!totals) return null;
  const competing = totals.flatMap((t, seat) => (t === null ? [] : [{ seat, t }]));
  return (
    <span class="tally" title="Each competing player's total here (the location's rule says what counts)">
      {competing.length ? competing.map(({ seat, t }, i) => <span key={seat}>{i ? ' · ' : ''}<Mark seat={seat} /> {t}</span>) : 'no one competed'}
    </span>
  );
}
