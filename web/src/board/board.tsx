// One match on screen. On a wide screen it fits one screen: the table (locations, hordes,
// havens, the hero) fills the middle, the seats and the log sit at the side, and the decision
// and your hand have their own place below the table, so nothing covers it. On a phone the
// page scrolls, with the decision and the hand in a dock at the bottom, a thumb away.
// In the page (and Tab) order the decision comes first, then the hand, then the table.
import type { ComponentChildren } from 'preact';
import type { View } from '../../../shared/protocol/view';
import { useEffect, useLayoutEffect } from 'preact/hooks';
import { keysUsed } from '../keys';
import { choices } from '../options';
import { chatLines, shown } from '../state';
import { Announcer } from './announce';
import { ConfirmPlay, Decision, HintBar } from './decision';
import { Hand } from './hand';
import { Log } from './log';
import { Players } from './players';
import { useRevealDecision } from './reveal';
import { Table } from './table';
import { lazy } from '../lazy';

// The end screen's code is fetched once the table is drawn, not before: a page's first load does
// not wait for it, and it is here when the match ends.
// The confirm of a play (confirm.tsx) comes with the end screen's fetch; until then its setting's place is kept.
const ConfirmSetting = lazy<object>(() => import('./confirm').then((m) => m.ConfirmSetting), () => <p class="confirm-setting" aria-hidden="true" />);
// A private table's chat (chat.tsx), once its lines have come (a public one has none).
const Chat = lazy<{ v: View }>(() => import('./chat').then((m) => m.Chat), () => <></>);
// Motion tells what changed, never the first view: its code (motion.ts) is fetched once the table
// is drawn, and until it is here the board simply does not move.
let motion: typeof import('./motion') | null = null;
const loadMotion = () => import('./motion').then((m) => { motion = m; });
const Score = lazy<Parameters<typeof import('./score').Score>[0]>(() => import('./score').then((m) => m.Score),
  () => <></>);

function Legend({ v }: { v: View }) {
  // A screen with no mouse (a phone, a tablet): no right-click, and no keys until one is pressed.
  const touch = !matchMedia('(any-pointer: fine)').matches;
  const keys = v.you !== null && !v.over && (!touch || keysUsed.value);
  return (
    <p class="legend muted">Red badge: peril · gold badge: VP · coins: tokens · “protected”: heroes skip it · {touch ? 'tap' : 'click'} a
      card ({touch ? 'long-press' : 'right-click'} one you can pick) for its full text{keys ? ' · keys 1–9, 0 (Shift for 11–20) choose, Esc cancels' : ''}</p>
  );
}

export function Board({ v, after, side, replay }: { v: View; after?: ComponentChildren; side?: ComponentChildren; replay?: boolean }) {
  useEffect(() => { shown.value = v; }, [v]);
  useEffect(() => { motion?.resetMotion(); void loadMotion(); void Score.fetch(); void ConfirmPlay.fetch(); void HintBar.fetch(); return () => { shown.value = null; }; }, []);
  motion?.beforeDraw(v);
  useLayoutEffect(() => motion?.afterDraw(v), [v.version]);
  useRevealDecision(v, choices.value);
  const hand = v.hand && v.status !== 'waiting' && !v.over;
  return (
    <div class="board" data-version={v.version} data-over={v.over || undefined}>
      {v.over && <Score v={v} announce={!replay}>{after}</Score>}
      {!v.over && (
        <section class={`dock${hand ? '' : ' nohand'}`} aria-label="Your move and hand">
          <Decision v={v} />
          {hand && <Hand v={v} />}
        </section>
      )}
      {v.status !== 'waiting' && <Table v={v} />}
      <aside class="side">
        {side}
        <Players v={v} />
        <Log v={v} replay={replay} />
        {!replay && chatLines.value !== null && <Chat v={v} />}
        <Legend v={v} />
        {v.you !== null && !v.over && <ConfirmSetting />}
      </aside>
      <Announcer v={v} quiet={replay} />
    </div>
  );
}
