// Analyze: the deterministic look at the board: the Analysis (terrain, navigation graph, routes,
// engine state) goes into the run context — it is not plain JSON — while the facts and the stall
// diagnosis go into scope. Reads: options, history, run context snapshot. Writes: facts, stall, stallSeverity.
import { analyzeSnapshot } from '../../src/agent/analysis.js';
import { buildFacts } from '../../src/agent/facts.js';
import { stallReport } from '../../src/agent/stallReport.js';
import type { PlanningScope } from '../planningState.js';
import { runContextOf } from '../runContext.js';

export function analyzeStage(scope: PlanningScope): void {
  const context = runContextOf(scope);
  const { simulate } = scope.options;
  const analysis = analyzeSnapshot(context.snapshot, { simulate });
  context.analysis = analysis;
  const facts = buildFacts(analysis);
  const stall = stallReport(scope.history, { goldComplete: facts.goldComplete });
  scope.facts = facts;
  scope.stall = stall;
  scope.stallSeverity = stall.severity;
}
