// Context: the selector that decides which prompt slots run this step, and why. The state summary
// and the candidates always run; the stall report runs only when Analyze diagnosed a stall. The
// evidence (every rule, matched or not) is always emitted as app.selection, because footprintjs
// drops a selector's evidence when no branch is selected. Reads: stallSeverity, slotVariants.
import { select, type SelectionResult } from 'footprintjs';
import { EVENTS, SLOT_IDS, SUBFLOW_IDS, slotOfSubflow } from '../conventions.js';
import type { PlanningScope } from '../planningState.js';
import { read } from '../scopeRead.js';

export const SELECTION_RULES = {
  stateSummary: 'always: the model needs the game state',
  candidates: 'always: the model chooses among the candidates',
  stallReport: 'a stall was diagnosed (stallSeverity is not none)',
} as const;

export function contextStage(scope: PlanningScope): SelectionResult {
  const result = select(scope, [
    { when: () => true, then: SUBFLOW_IDS['state-summary'], label: SELECTION_RULES.stateSummary },
    { when: () => true, then: SUBFLOW_IDS.candidates, label: SELECTION_RULES.candidates },
    { when: { stallSeverity: { ne: 'none' } }, then: SUBFLOW_IDS['stall-report'], label: SELECTION_RULES.stallReport },
  ]);
  const selected = result.evidence.selected.map((branch) => slotOfSubflow(branch) ?? branch);
  scope.$emit(EVENTS.selection, {
    evidence: result.evidence,
    selectedSlots: selected,
    skippedSlots: SLOT_IDS.filter((slot) => !selected.includes(slot)),
    variants: { ...read(scope, 'slotVariants') },
  });
  return result;
}
