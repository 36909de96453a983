// Each seat's win chance after every action, as lines: Okabe–Ito colours, a dash pattern and the
// seat's shape at the line's end, so no one depends on colour alone; around each, a faint band of
// its 95 % margin of error. A click picks the nearest step.
import { seatColour, SHAPES } from '../seats';

const W = 640;
const H = 236;
/** Room for "100%" on the left, the seats' shapes on the right, the steps' numbers below. */
const LEFT = 44;
const RIGHT = 28;
const TOP = 14;
const BOTTOM = 44;
const DASH = ['', '6 3', '2 3', '8 3 2 3'];

/** A step between the x axis's numbers that gives about six of them: 1, 2, 5, 10, 20, 50 … */
function every(n: number): number {
  for (const base of [1, 2, 5, 10, 20, 50, 100, 200, 500]) if (n / base <= 7) return base;
  return 1000;
}

export function Chart({ chances, margins, names, at, pick }: { chances: number[][]; margins: number[][]; names: string[]; at: number; pick: (i: number) => void }) {
  const n = Math.max(1, chances.length - 1);
  const x = (i: number) => LEFT + ((W - LEFT - RIGHT) * i) / n;
  const y = (p: number) => H - BOTTOM - (H - TOP - BOTTOM) * p;
  const steps = Array.from({ length: Math.floor(n / every(n)) + 1 }, (_, k) => k * every(n));
  const seats = names.map((_, s) => s);
  const last = chances.at(-1) ?? [];
  const clamp = (p: number) => Math.max(0, Math.min(1, p));
  // The band: the upper edge left to right, then the lower edge back.
  const band = (s: number) => [
    ...chances.map((row, i) => `${x(i).toFixed(1)},${y(clamp(row[s]! + (margins[i]?.[s] ?? 0))).toFixed(1)}`),
    ...chances.map((row, i) => `${x(i).toFixed(1)},${y(clamp(row[s]! - (margins[i]?.[s] ?? 0))).toFixed(1)}`).reverse(),
  ].join(' ');
  const label = `Win chance of each seat after every action: ${names.map((name, s) => `${name} ends at ${Math.round((last[s] ?? 0) * 100)}%`).join(', ')}`;
  return (
    <svg class="chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}
      onClick={(e) => {
        const box = e.currentTarget.getBoundingClientRect();
        const fx = ((e.clientX - box.left) / box.width) * W;
        pick(Math.max(0, Math.min(n, Math.round(((fx - LEFT) / (W - LEFT - RIGHT)) * n))));
      }}>
      {[0, 0.5, 1].map((p) => (
        <g key={p}>
          <line x1={LEFT} x2={W - RIGHT} y1={y(p)} y2={y(p)} class="grid" />
          <text x={LEFT - 6} y={y(p) + 4} text-anchor="end" class="tick">{p * 100}%</text>
        </g>
      ))}
      {steps.map((k) => <text key={k} x={x(k)} y={H - BOTTOM + 16} text-anchor="middle" class="tick">{k}</text>)}
      <line x1={x(at)} x2={x(at)} y1={TOP / 2} y2={H - BOTTOM} class="now" />
      {seats.map((s) => (
        <polygon key={`band${s}`} points={band(s)} fill={seatColour(s)} fill-opacity="0.14" stroke="none" />
      ))}
      {seats.map((s) => (
        <g key={s}>
          <polyline fill="none" stroke={seatColour(s)} stroke-width="2.5" stroke-dasharray={DASH[s]}
            points={chances.map((row, i) => `${x(i).toFixed(1)},${y(row[s]!).toFixed(1)}`).join(' ')} />
          <path d={SHAPES[s]} fill={seatColour(s)} stroke="#fff" stroke-width="0.8"
            transform={`translate(${x(n) + 2} ${y(last[s] ?? 0) - 7})`} />
          <circle cx={x(at)} cy={y(chances[at]?.[s] ?? 0)} r="3.5" fill={seatColour(s)} stroke="#fff" />
        </g>
      ))}
      <text x={(LEFT + W - RIGHT) / 2} y={H - 8} text-anchor="middle" class="tick">step</text>
    </svg>
  );
}
