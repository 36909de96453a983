// The guided first match's coach (a match made with `lesson`: shared/lessons.ts deals it): each
// rule in a few words where it first matters on the table, the place it talks about outlined, and
// at each of the learner's decisions the search bot's move marked (the Hint, asked for them).
// Shown with the Hint (analysis/hint.tsx), so it is fetched only at a table of bots. Every step
// can be put away, or the whole lesson skipped; what was put away survives a refresh, and
// finishing (the end screen: score.tsx) or skipping is remembered for the landing page.
import { useEffect } from 'preact/hooks';
import { signal } from '../signal';
import type { View } from '../../../shared/protocol/view';
import { get, LEARNED, set } from '../store';

interface Step {
  id: string; when: (v: View) => boolean; target: string; title: string; text: string;
  /** Taught by doing: put away once the learner has done it (the decision it came with moved on). */
  byDoing?: true;
}

const STEPS: Step[] = [
  { id: 'play', title: 'Your turn', target: '.hand', byDoing: true, when: (v) => v.pending?.seat === v.you && v.pending?.kind === 'play',
    text: 'Play one minion from your hand to the back of a horde: pick a card, then a location. The move the search bot would make is marked for you.' },
  { id: 'peril', title: 'Peril', target: '.table .loc .meter', when: (v) => v.locations.some((l) => l.peril > 0),
    text: 'A horde’s peril is the sum of its minions’ red shields. When it reaches the hero’s threshold (the red shield on the hero card), the hero attacks that horde.' },
  { id: 'attack', title: 'A hero attacks', target: '.hero', when: (v) => v.pastHeroes.length > 0,
    text: 'The hero defeated the minion at the back of the horde (2 VP to the player whose turn it was, for a rival’s minion). The survivors escaped, and the next hero came.' },
  { id: 'haven', title: 'The haven', target: '.haven .tiles', when: (v) => v.locations.some((l) => l.haven.length > 0),
    text: 'Escaped minions wait safe in the haven above the location. At the end they score their VP, and each location goes to the most peril in its haven.' },
  { id: 'protect', title: 'Protection', target: '.table .pro', when: (v) => v.locations.some((l) => l.horde.some((m) => m.protected)),
    text: 'A protected minion is skipped by heroes: the Stalwart Shieldbearer protects the minions next to it.' },
  { id: 'scoring', title: 'Scoring', target: '.table .loc', when: (v) => !v.over && v.heroesLeft === 0,
    text: 'The last hero is out. Read each location’s rule: Teeming Warrens goes to whoever has the most minions there, and Sunken Crypt counts undead peril double.' },
];

const putAway = (id: string) => `dm.lesson.${id}`;

const away = signal<Record<string, string[]>>({});
const awayOf = (match: string): string[] => (away.value[match] ??= JSON.parse(get(putAway(match)) ?? '[]') as string[]);
function store(match: string, ids: string[]): void {
  away.value = { ...away.value, [match]: ids };
  set(putAway(match), JSON.stringify(ids));
}

let asked = -1;
/** The step on screen stays until it is put away: a bot's move never swaps it under the pointer
 * (an attack came while "Peril" was read, and "Got it" put away a step nobody had read). A step
 * taught by doing goes when the learner does it: "Your turn" stayed through the bot's turn. `at`:
 * the version it was first shown at. */
let showing: { match: string; id: string; at: number } | null = null;

export function Coach({ v, ask }: { v: View; ask: (v: View) => void }) {
  const match = location.pathname;
  const gone = awayOf(match);
  const skipped = gone.includes('*');
  let held = showing?.match === match && !gone.includes(showing.id) ? STEPS.find((s) => s.id === showing!.id) : undefined;
  // Shown only at the learner's own decision, so the version moving on means they made it.
  const done = held?.byDoing && v.version > showing!.at ? held : undefined;
  if (done) held = undefined;
  const step = skipped ? undefined : held ?? STEPS.find((s) => !gone.includes(s.id) && s !== done && s.when(v));
  if (step && (showing?.match !== match || showing.id !== step.id)) showing = { match, id: step.id, at: v.version };
  useEffect(() => {
    if (done) store(match, [...awayOf(match), done.id]);
  }, [done?.id]);
  // Outline the place the step talks about (an attribute: the page's CSP allows no inline style).
  useEffect(() => {
    const el = step && document.querySelector(`.board ${step.target}`);
    if (!el) return;
    el.setAttribute('data-coach', '');
    return () => el.removeAttribute('data-coach');
  }, [step?.id, v.version]);
  // The right move marked, at each of the learner's decisions.
  useEffect(() => {
    if (skipped || v.over || v.pending?.seat !== v.you || asked === v.version) return;
    asked = v.version;
    ask(v);
  }, [v.version, skipped]);
  if (!step) return null;
  return (
    <section class="coach" aria-label="Learning to play" aria-live="polite">
      <p><b>{step.title}.</b> {step.text}</p>
      <p class="coach-acts">
        <button type="button" class="btn small primary" onClick={() => store(match, [...gone, step.id])}>Got it</button>
        <button type="button" class="btn small" onClick={() => { store(match, ['*']); set(LEARNED, '1'); }}>Skip the lesson</button>
      </p>
    </section>
  );
}
