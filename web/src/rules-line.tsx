// A table's rules on one line (the join page, the public list): what a person sits down to.
import type { TableRules } from '../../shared/protocol/view';

const time = (ms: number): string => (ms >= 60_000 ? `${Math.round(ms / 6000) / 10} min` : `${Math.round(ms / 100) / 10} s`);

/** What the table lives by, before anyone sits down: the clock, when a bot plays for a person, the bots' pace. */
export function TableRulesLine({ r }: { r: TableRules | undefined }) {
  if (!r) return null;
  const when = `away ${time(r.awayMs)}${r.idleMs === null ? ' or out of time' : ` or idle ${time(r.idleMs)}`}`;
  return (
    <p class="rules-line">
      {r.clock === null ? 'No turn clock' : `Turn clock ${time(r.clock * 1000)}`} · a {r.takeover} bot plays for anyone {when} · bots take {time(r.botDelayMs)} a move
    </p>
  );
}
