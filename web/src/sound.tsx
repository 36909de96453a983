// Sound cues, off until the player turns them on (remembered): short tones made with the Web
// Audio API, no audio files. Your turn, a card played, a hero's attack, the end.
import { signal } from './signal';

export type Cue = 'turn' | 'play' | 'attack' | 'end';

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

/** [frequency Hz, start s, length s, wave] per note. */
const NOTES: Record<Cue, [number, number, number, OscillatorType][]> = {
  turn: [[660, 0, 0.12, 'sine'], [880, 0.1, 0.16, 'sine']],
  play: [[220, 0, 0.07, 'triangle']],
  attack: [[180, 0, 0.22, 'sawtooth'], [90, 0.05, 0.25, 'square']],
  end: [[523, 0, 0.15, 'sine'], [659, 0.14, 0.15, 'sine'], [784, 0.28, 0.3, 'sine']],
};

export function play(cue: Cue): void {
  if (!soundOn.value) return;
  ctx ??= new AudioContext();
  const t0 = ctx.currentTime;
  for (const [f, at, len, type] of NOTES[cue]) {
    const o = ctx.createOscillator();
    const g = ctx.createGain();
    o.type = type;
    o.frequency.value = f;
    g.gain.setValueAtTime(0.0001, t0 + at);
    g.gain.exponentialRampToValueAtTime(0.12, t0 + at + 0.01);
    g.gain.exponentialRampToValueAtTime(0.0001, t0 + at + len);
    o.connect(g).connect(ctx.destination);
    o.start(t0 + at);
    o.stop(t0 + at + len + 0.02);
  }
}

export function SoundToggle() {
  return (
    <button type="button" class="sound" aria-pressed={soundOn.value} onClick={toggleSound} title="Sound cues: your turn, a card played, an attack, the end">
      Sound {soundOn.value ? 'on' : 'off'}
    </button>
  );
}
