// The earlier log (docs/PROTOCOL.md, "The earlier log"): a view carries the log's last 30 entries,
// so a page that opens mid-match (a refresh, a second device) asks once, `{ "type": "log",
// "before": n }`, and gets every entry before its window. Moves still carry only their new lines.
// The engine state keeps only its latest lines, so the whole log is rebuilt from the stored
// actions the way the replay is, then kept in memory and extended from each new state's lines
// while they join up (an eviction only means one more rebuild). The log is the same for every
// viewer (shared/engine/view.ts logOf), so one copy answers seats and spectators alike.
import { lessonSetup } from '../../../shared/lessons';
import { apply, createGame, logOf, type Action, type GameState, type LogEntry, type Setup } from '../../../shared/engine';
import type { ReplaySetup } from '../../../shared/protocol';
import type { MatchConfig } from '../../shared/config';

/** The setup a match was dealt from, as its replay gives it. */
export function setupOf(config: MatchConfig, names: string[]): ReplaySetup {
  // A lesson is dealt from its prepared deal (shared/lessons.ts), the same every time.
  if (config.lesson) return lessonSetup(config.lesson, names) as ReplaySetup;
  const setup: ReplaySetup = { players: config.players, seed: config.seed, names };
  if (config.locations !== undefined) setup.locations = config.locations;
  return setup;
}

/** The whole log up to `g`: the setup's lines, then each action's, from each position's own log. */
function rebuild(setup: Setup, actions: readonly Action[]): LogEntry[] {
  let pos = createGame(setup);
  const all = logOf(pos).slice();
  for (const a of actions) {
    const r = apply(pos, a);
    if (!r.ok) break;
    pos = r.state;
    const last = all.at(-1)?.seq ?? 0;
    for (const e of logOf(pos)) if (e.seq > last) all.push(e);
  }
  return all;
}

/** `log` with the lines of `recent` after its end, or null when they do not join up (a gap). */
function extended(log: LogEntry[], recent: LogEntry[]): LogEntry[] | null {
  const last = log.at(-1)?.seq ?? 0;
  const first = recent[0]?.seq ?? last + 1;
  if (first > last + 1) return null;
  const out = log.slice();
  for (const e of recent) if (e.seq > last) out.push(e);
  return out;
}

export class EarlierLog {
  /** The whole log up to `version`. */
  private kept: { version: number; log: LogEntry[] } | null = null;

  /**
   * The answer to `{ "type": "log", "before": n }`: the entries with seq below `before` (all
   * of them without it), as of `g`. `history` gives the setup and stored actions for a rebuild.
   */
  answer(g: GameState | null, history: () => { setup: Setup; actions: Action[] }, before?: number): string {
    const whole = g ? this.whole(g, history) : [];
    const entries = before === undefined ? whole : whole.filter((e) => e.seq < before);
    return JSON.stringify({ type: 'log', entries });
  }

  private whole(g: GameState, history: () => { setup: Setup; actions: Action[] }): LogEntry[] {
    const recent = logOf(g);
    let log = this.kept && this.kept.version <= g.version ? extended(this.kept.log, recent) : null;
    if (!log) {
      const { setup, actions } = history();
      log = extended(rebuild(setup, actions.slice(0, g.version)), recent);
      // A log that does not rebuild to this state's lines (it never should): only what the state holds.
      if (!log || !joins(log, recent)) return recent.slice();
    }
    this.kept = { version: g.version, log };
    return log;
  }
}

/** The rebuilt log ends in exactly the state's own lines. */
function joins(log: LogEntry[], recent: LogEntry[]): boolean {
  const tail = log.slice(-recent.length);
  return recent.length === 0 || (tail.length === recent.length && tail.every((e, i) => e.seq === recent[i]!.seq && e.text === recent[i]!.text));
}
