// What a screen reader hears as the match goes on: each new log entry in the log's own words,
// then what is asked of this player; and the sound cue for what happened, if sound is on.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { View } from '../../../shared/protocol/view';
import { cardName } from '../cards';
import { play } from '../sound';
import { picked } from '../state';

const minions = (v: View) => v.locations.reduce((n, l) => n + l.horde.length + l.haven.length, 0);

export function Announcer({ v, quiet }: { v: View; quiet?: boolean }) {
  const last = useRef<View | null>(null);
  const [text, setText] = useState('');
  useEffect(() => {
    const prev = last.current;
    last.current = v;
    if (!prev || quiet) return;
    const since = prev.log[prev.log.length - 1]?.seq ?? 0;
    const parts = v.log.filter((e) => e.seq > since).map((e) => e.text);
    const p = v.pending;
    const mine = !!p && p.seat === v.you && !v.over;
    if (mine && (parts.length || prev.pending?.seat !== v.you)) parts.push(`Your move: ${p.prompt}`);
    if (parts.length) setText(parts.join(' '));
    // Sound: the end, an attack, a play, your turn (one cue per update, the weightiest).
    if (v.over && !prev.over) play('end');
    else if ((v.pastHeroes?.length ?? 0) > (prev.pastHeroes?.length ?? 0)) play('attack');
    else if (minions(v) > minions(prev)) play('play');
    else if (mine && prev.pending?.seat !== v.you) play('turn');
  }, [v.version]);
  const pick = picked.value;
  useEffect(() => { if (pick) setText(`Choose a location for your ${cardName(pick)}.`); }, [pick]);
  return <div class="sr" aria-live="polite" aria-atomic="true" data-announce>{text}</div>;
}
