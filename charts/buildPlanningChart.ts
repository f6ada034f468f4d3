// Builds the planning chart for one combination of slot variants and caches it: Seed -> Analyze ->
// Context (selector over the slot subflows) -> messageAPI -> CallLLM -> Validate (decider: one retry
// looping back to messageAPI, or finish = Fallback -> Action). Built once per combination, run per
// planning step with a fresh FlowChartExecutor (see planNextAction.ts). Stage ids: conventions.ts.
import { flowChart, type FlowChart } from 'footprintjs';
import type { ILogger } from 'footprintjs/advanced';
import { SLOT_IDS, STAGE_IDS, VALIDATE_BRANCHES } from './conventions.js';
import { finishChart, finishMount } from './finish/buildFinishChart.js';
import type { PlanningState } from './planningState.js';
import { SLOT_REGISTRY, slotChart, type SlotVariants } from './slots/registry.js';
import { analyzeStage } from './stages/analyze.js';
import { callLlmStage } from './stages/callLlm.js';
import { contextStage } from './stages/context.js';
import { messageApiStage } from './stages/messageApi.js';
import { retryStage } from './stages/retry.js';
import { seedStage } from './stages/seed.js';
import { validateStage } from './stages/validate.js';

/** footprintjs console.errors every failed stage; planNextAction rethrows failures, so the chart stays quiet. */
const quietLogger: ILogger = { info: () => {}, log: () => {}, debug: () => {}, error: () => {}, warn: () => {} };

export function buildPlanningChart(variants: SlotVariants): FlowChart {
  const selector = flowChart<PlanningState>('Seed', seedStage, STAGE_IDS.seed, {
    description: 'the request: snapshot, history, options, slot variants',
  })
    .addFunction('Analyze', analyzeStage, STAGE_IDS.analyze, 'analysis, facts and the stall diagnosis')
    .addSelectorFunction('Context', contextStage, STAGE_IDS.context, 'which prompt slots run this step, and why', { failFast: true });
  for (const slot of SLOT_IDS) {
    const definition = SLOT_REGISTRY[slot];
    selector.addSubFlowChartBranch(definition.subflowId, slotChart(slot, variants[slot]), definition.displayName, definition.mount);
  }
  return selector
    .end()
    .addFunction('MessageAPI', messageApiStage, STAGE_IDS.messageApi, "assemble system + user from the slots' pieces")
    .addFunction('CallLLM', callLlmStage, STAGE_IDS.callLlm, 'mint the model receipt, call the provider under a deadline')
    .addDeciderFunction('Validate', validateStage, STAGE_IDS.validate, 'parse and validate the pick; retry once or finish')
    .addFunctionBranch(VALIDATE_BRANCHES.retry, 'Retry', retryStage, 'prepare the one retry', { loopTo: STAGE_IDS.messageApi })
    .addSubFlowChartBranch(VALIDATE_BRANCHES.finish, finishChart(), 'Finish', finishMount)
    .end()
    .setLogger(quietLogger)
    .build();
}

const charts = new Map<string, FlowChart>();

export function variantKey(variants: SlotVariants): string {
  return SLOT_IDS.map((slot) => `${slot}=${variants[slot]}`).join(';');
}

/** The built chart for these slot variants (built on first use, then cached). */
export function planningChart(variants: SlotVariants): FlowChart {
  const key = variantKey(variants);
  let chart = charts.get(key);
  if (!chart) {
    chart = buildPlanningChart(variants);
    charts.set(key, chart);
  }
  return chart;
}
