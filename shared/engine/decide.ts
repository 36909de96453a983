// Pending decisions: asking one, and resuming the rule that asked once it is
// answered. A decision names its resumer by data (`by` + `kind`), never by
// function, so it survives storage; the registry finds the function.
import type { Decision, Resume } from './hooks';
import { decisionOf, nameOf } from './registry';
import type { DecisionKind, GameState, Seat } from './types';

function declared(by: string, kind: DecisionKind): Decision & { resume: Resume } {
  const d = decisionOf(kind);
  if (!d?.resume || d.by !== by) throw new Error(`no handler resumes ${kind} for ${by || 'the turn'}`);
  return d as Decision & { resume: Resume };
}

/**
 * Ask `seat` to decide. `by` is the card whose handler resumes it ('' for the turn machinery);
 * `ctx` is plain JSON that handler reads back. The decider reads the decision's declared prompt
 * (a card's, from texts/), or `prompt` where the turn machinery says its own. A mandatory
 * choice with exactly one option is made at once (R7); optional ones (they offer `none`) are
 * always asked.
 */
export function ask(
  g: GameState, seat: Seat, kind: DecisionKind, options: string[], by: string,
  ctx: Record<string, unknown> | null = null, prompt?: string,
): void {
  // Looked up now, not when answered: a kind nobody registered fails where it is asked.
  const d = declared(by, kind);
  if (options.length === 1 && options[0] !== 'none') {
    d.resume(g, ctx, options[0]!);
    return;
  }
  const said = prompt ?? d.prompt;
  if (said === undefined) throw new Error(`decision ${kind} has no prompt`);
  g.pending = { seat, kind, options, prompt: typeof said === 'string' ? said : said(ctx ?? {}, options, nameOf), by, ctx };
}

/** Answer the pending decision (already checked to be one of its options). */
export function answer(g: GameState, option: string): void {
  const p = g.pending!;
  g.pending = null;
  declared(p.by, p.kind).resume(g, p.ctx, option);
}
