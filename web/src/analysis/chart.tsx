// Each seat's win chance after every action, as lines: Okabe–Ito colours, a dash pattern and the
// seat's shape at the line's end, so no one depends on colour alone. A click picks the nearest step.
import { seatColour, SHAPES } from '../seats';

const W = 640;
const H = 220;
const PAD = 28;
const DASH = ['', '6 3', '2 3', '8 3 2 3'];

export function Chart({ chances, names, at, pick }: { chances: number[][]; names: string[]; at: number; pick: (i: number) => void }) {
  const n = Math.max(1, chances.length - 1);
  const x = (i: number) => PAD + ((W - 2 * PAD) * i) / n;
  const y = (p: number) => H - PAD - (H - 2 * PAD) * p;
  const seats = names.map((_, s) => s);
  const last = chances.at(-1) ?? [];
  const label = `Win chance of each seat after every action: ${names.map((name, s) => `${name} ends at ${Math.round((last[s] ?? 0) * 100)}%`).join(', ')}`;
  return (
    <svg class="chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}
      onClick={(e) => {
        const box = e.currentTarget.getBoundingClientRect();
        const fx = ((e.clientX - box.left) / box.width) * W;
        pick(Math.max(0, Math.min(n, Math.round(((fx - PAD) / (W - 2 * PAD)) * n))));
      }}>
      {[0, 0.5, 1].map((p) => (
        <g key={p}>
          <line x1={PAD} x2={W - PAD} y1={y(p)} y2={y(p)} class="grid" />
          <text x={PAD - 4} y={y(p) + 4} text-anchor="end" class="tick">{p * 100}%</text>
        </g>
      ))}
      <line x1={x(at)} x2={x(at)} y1={PAD / 2} y2={H - PAD} class="now" />
      {seats.map((s) => (
        <g key={s}>
          <polyline fill="none" stroke={seatColour(s)} stroke-width="2.5" stroke-dasharray={DASH[s]}
            points={chances.map((row, i) => `${x(i).toFixed(1)},${y(row[s]!).toFixed(1)}`).join(' ')} />
          <path d={SHAPES[s]} fill={seatColour(s)} stroke="#fff" stroke-width="0.8"
            transform={`translate(${x(n) + 2} ${y(last[s] ?? 0) - 7})`} />
          <circle cx={x(at)} cy={y(chances[at]?.[s] ?? 0)} r="3.5" fill={seatColour(s)} stroke="#fff" />
        </g>
      ))}
      <text x={W / 2} y={H - 6} text-anchor="middle" class="tick">step</text>
    </svg>
  );
}
