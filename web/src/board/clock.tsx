// The turn clock: seconds left until a bot decides for the seat on the clock.
import { useEffect, useState } from 'preact/hooks';
import type { Clock as ClockView } from '../../../shared/protocol/view';

export function Clock({ clock, mine }: { clock: ClockView; mine: boolean }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, []);
  const left = Math.max(0, Math.ceil((Date.parse(clock.deadline) - now) / 1000));
  return (
    <span class={`clock${left <= 10 ? ' low' : ''}`} role="timer" aria-label={`${left} seconds left`}>
      {Math.floor(left / 60)}:{String(left % 60).padStart(2, '0')} left{mine ? ' to decide' : ''}
    </span>
  );
}
