// The horde zone as the rulebook lays it out: location cards left to right,
// each haven on the far side of its location, each horde running from its
// location (position 0) back toward the hero, who waits at the other end.
// One grid for all columns keeps position i of every horde on one row, so
// side-by-side adjacency reads at a glance (a narrow screen has a grid per band
// of locations). Long hordes fan out to fit the screen's height (`rowsOf`).
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

/** The table's layout on a narrow screen (the same test as board.css): locations in bands. */
const NARROW = '(not ((min-width: 900px) and (min-height: 560px)))';
/** A horde column's least width (board.css: 7rem at 16 px) and the grid's gap between columns. */
const COLUMN_PX = 112;
const GAP_PX = 7;

/**
 * How many locations share a row of the table. A wide screen has them all in one row, its hordes
 * fanned to fit the height (board.css). A narrow one would need sideways scrolling for four or
 * five: they go in two (or more) even rows instead, each a grid of its own, so every location is
 * reached by scrolling down alone.
 */
function usePerRow(n: number): [preact.RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const across = (width: number) => (matchMedia(NARROW).matches ? Math.max(1, Math.floor((width + GAP_PX) / (COLUMN_PX + GAP_PX))) : Infinity);
  // The first paint already in bands (the page's padding aside), so nothing moves once measured.
  const [fits, setFits] = useState(() => (typeof matchMedia === 'function' ? across(innerWidth - 16) : n));
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof matchMedia !== 'function') return;
    const narrow = matchMedia(NARROW);
    const check = () => setFits(across(el.clientWidth));
    check();
    const ro = new ResizeObserver(check);
    ro.observe(el);
    narrow.addEventListener('change', check);
    return () => { ro.disconnect(); narrow.removeEventListener('change', check); };
  }, []);
  const rows = Math.ceil(n / Math.max(1, Math.min(n, fits)));
  return [ref, Math.ceil(n / rows)];
}

/**
 * The rows of one grid: the havens, control (at the end), the locations, then the hordes'
 * positions. Every position but the last may shrink to a sliver when the hordes are longer than
 * the screen is high: its cards then overlap as a fanned column, each showing its name, the card
 * behind the last position whole (board.css). The last is never squeezed, so the card there, and
 * the foot of any shorter column's fan, has room to show whole.
 */
function rowsOf(longest: number, control: boolean, back: boolean): string {
  const fan = Array.from({ length: longest }, (_, i) => (i < longest - 1 ? 'minmax(var(--peek), max-content)' : 'max-content'));
  return ['minmax(var(--haven), max-content)', ...(control ? ['auto'] : []), 'auto', ...fan, ...(back ? ['auto'] : [])].join(' ');
}

export function Table({ v }: { v: View }) {
  const c = choices.value;
  const fresh = useArrivals(v);
  const [wrap, perRow] = usePerRow(v.locations.length);
  const control = v.result?.control;
  const top = control ? 4 : 3; // grid row of horde position 0
  const at = (col: number, row: number) => ({ gridColumn: String(col + 1), gridRow: String(row) });
  const bands = Array.from({ length: Math.ceil(v.locations.length / perRow) }, (_, b) => v.locations.slice(b * perRow, (b + 1) * perRow));
  return (
    <div class="tablewrap" ref={wrap}>
      {bands.map((band, b) => {
        const longest = Math.max(0, ...band.map((l) => l.horde.length));
        const back = band.some((l) => c.slotsAt === l.id && c.slots.has(l.horde.length));
        return (
          <div class="table" key={b} style={{ gridTemplateColumns: `repeat(${band.length}, minmax(7rem, 1fr))`, gridTemplateRows: rowsOf(longest, !!control, back) }}>
            {band.flatMap((l, col) => {
              const loc = c.locations.get(l.id);
              const slots = c.slotsAt === l.id ? c.slots : null;
              const owner = control?.[l.id];
              const backSlot = slots?.get(l.horde.length);
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
                    <div class={`cell${col >= band.length - 2 && col > 0 ? ' east' : ''}${fresh.has(`${l.id} ${m.card}`) ? ' fresh' : ''}`} key={m.card} style={at(col, top + i)} data-at={l.id}>
                      {s && <Slot pos={i} onPick={() => act(s)} />}
                      <MinionCard id={m.card} on={m} opt={!!o} n={keyOf(`minion:${m.card}`)} onPick={() => o && act(o)} />
                    </div>
                  );
                }),
                backSlot && (
                  <div class="cell" key={`s${l.id}`} style={at(col, top + l.horde.length)}>
                    <Slot pos={l.horde.length} back onPick={() => act(backSlot)} />
                  </div>
                ),
              ];
            })}
          </div>
        );
      })}
      {!choosingSides(v) && <HeroCard id={v.hero} left={v.heroesLeft} past={v.pastHeroes ?? []} />}
    </div>
  );
}

function Slot({ pos, back, onPick }: { pos: number; back?: boolean; onPick: () => void }) {
  const n = keyOf(`slot:${pos}`);
  return (
    <button type="button" class={`slot opt${pos === 0 ? ' front' : ''}`} onClick={onPick} aria-keyshortcuts={keyName(n)}>
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
