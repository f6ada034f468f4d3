// Analyze: the deterministic look at the board. The Analysis (terrain, navigation graph, routes,
// engine state) goes into the run context — it is not plain JSON — and so do the facts and the
// stall diagnosis (artifacts; scope holds their refs), plus the stall severity the selector reads.
// Reads: options, history. Writes: facts, stall, stallSeverity.
import { analyzeSnapshot } from '../../src/agent/analysis.js';
import { buildFacts } from '../../src/agent/facts.js';
import { stallReport } from '../../src/agent/stallReport.js';
import { factsSummary, stallSummary } from '../artifactSummaries.js';
import { ARTIFACT_IDS } from '../conventions.js';
import type { PlanningScope } from '../planningState.js';
import { artifactOf, putArtifact, runContextOf } from '../runContext.js';
import { read } from '../scopeRead.js';

export function analyzeStage(scope: PlanningScope): void {
  const context = runContextOf(scope);
  const { simulate } = read(scope, 'options');
  const history = artifactOf(context, read(scope, 'history'));
  const analysis = analyzeSnapshot(context.snapshot, { simulate });
  context.analysis = analysis;
  const facts = buildFacts(analysis);
  const stall = stallReport(history, { goldComplete: facts.goldComplete });
  scope.facts = putArtifact(context, ARTIFACT_IDS.facts, facts, factsSummary(facts));
  scope.stall = putArtifact(context, ARTIFACT_IDS.stall, stall, stallSummary(stall));
  scope.stallSeverity = stall.severity;
}
