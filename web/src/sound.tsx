// Sound cues, off until the player turns them on (remembered): short tones (web/src/tones.ts,
// fetched when first played). Your turn, a card played, a hero's attack, the end.
import { signal } from './signal';
import type { Cue } from './tones';

const KEY = 'dm.sound';
const stored = (): boolean => {
  try { return localStorage.getItem(KEY) === 'on'; } catch { return false; }
};
export const soundOn = signal(stored());

let ctx: AudioContext | null = null;

export function toggleSound(): void {
  soundOn.value = !soundOn.value;
  try { localStorage.setItem(KEY, soundOn.value ? 'on' : 'off'); } catch { /* private mode: not remembered */ }
  // Made (or resumed) inside the click: browsers let audio start only from a user's gesture.
  if (soundOn.value) { ctx ??= new AudioContext(); void ctx.resume(); play('turn'); }
}

/** The tones' code, fetched once a cue is first played (most players never turn sound on). */
let tonesOf: Promise<typeof import('./tones')> | null = null;

export function play(cue: Cue): void {
  if (!soundOn.value) return;
  const c = (ctx ??= new AudioContext());
  void (tonesOf ??= import('./tones')).then((t) => t.tones(c, cue));
}

export function SoundToggle() {
  return (
    <button type="button" class="sound" aria-pressed={soundOn.value} onClick={toggleSound} title="Sound cues: your turn, a card played, an attack, the end">
      Sound {soundOn.value ? 'on' : 'off'}
    </button>
  );
}
