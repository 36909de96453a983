// One match on screen: seats, the decision, the table, your hand, the log.
import type { ComponentChildren } from 'preact';
import type { View } from '../../../shared/protocol/view';
import { useEffect } from 'preact/hooks';
import { choices } from '../options';
import { shown } from '../state';
import { Decision } from './decision';
import { Hand } from './hand';
import { Log } from './log';
import { Players } from './players';
import { useRevealDecision } from './reveal';
import { Score } from './score';
import { Table } from './table';

export function Board({ v, after, replay }: { v: View; after?: ComponentChildren; replay?: boolean }) {
  useEffect(() => { shown.value = v; }, [v]);
  useEffect(() => () => { shown.value = null; }, []);
  useRevealDecision(v, choices.value);
  return (
    <div class="board" data-version={v.version} data-over={v.over || undefined}>
      <Players v={v} />
      {v.over && <Score v={v} announce={!replay}>{after}</Score>}
      {!v.over && <Decision v={v} />}
      {v.status !== 'waiting' && <Table v={v} />}
      {v.hand && v.status !== 'waiting' && <Hand v={v} />}
      <aside class="side">
        <Log v={v} replay={replay} />
        <p class="legend muted">⚔ peril · ★ VP · +n tokens on a minion · “protected”: heroes skip it · tap any card for its full text</p>
      </aside>
    </div>
  );
}
