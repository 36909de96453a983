// The sound cues' tones (web/src/sound.tsx fetches this once sound is on): a few notes each,
// made with the Web Audio API, no audio files.
export type Cue = 'turn' | 'play' | 'attack' | 'end';

/** [frequency Hz, start s, length s, wave] per note. */
const NOTES: Record<Cue, [number, number, number, OscillatorType][]> = {
  turn: [[660, 0, 0.12, 'sine'], [880, 0.1, 0.16, 'sine']],
  play: [[220, 0, 0.07, 'triangle']],
  attack: [[180, 0, 0.22, 'sawtooth'], [90, 0.05, 0.25, 'square']],
  end: [[523, 0, 0.15, 'sine'], [659, 0.14, 0.15, 'sine'], [784, 0.28, 0.3, 'sine']],
};

export function tones(ctx: AudioContext, cue: Cue): void {
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
