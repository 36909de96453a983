// Pending decisions: asking one, and resuming the rule that asked once it is
// answered. A decision names its resumer by data (`by` + `kind`), never by
// function, so it survives storage; the registry finds the function.
import type { Resume } from './hooks';
import { decisionOf } from './registry';
import type { DecisionKind, GameState, Seat } from './types';

function resumer(by: string, kind: DecisionKind): Resume {
  const d = decisionOf(kind);
  if (!d?.resume || d.by !== by) throw new Error(`no handler resumes ${kind} for ${by || 'the turn'}`);
  return d.resume;
}

/**
 * Ask `seat` to decide. `by` is the card kind whose handler resumes it ('' for
 * the turn machinery). A mandatory choice with exactly one option is made at
 * once (R7); optional ones (they offer `none`) are always asked.
 */
export function ask(
  g: GameState, seat: Seat, kind: DecisionKind, options: string[], prompt: string, by: string,
  ctx: Record<string, unknown> | null = null,
): void {
  // Looked up now, not when answered: a kind nobody registered fails where it is asked.
  const resume = resumer(by, kind);
  if (options.length === 1 && options[0] !== 'none') {
    resume(g, ctx, options[0]!);
    return;
  }
  g.pending = { seat, kind, options, prompt, by, ctx };
}

/** Answer the pending decision (already checked to be one of its options). */
export function answer(g: GameState, option: string): void {
  const p = g.pending!;
  g.pending = null;
  resumer(p.by, p.kind)(g, p.ctx, option);
}
