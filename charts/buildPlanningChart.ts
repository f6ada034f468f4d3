// Builds the planning chart for one combination of slot variants and caches it: Seed -> Analyze ->
// Context (selector over the slot subflows) -> messageAPI -> CallLLM -> Validate (decider: one retry
// looping back to messageAPI, or Fallback) -> Action. Built once per combination, run per
// planning step with a fresh FlowChartExecutor (see planNextAction.ts), drawn from its structure
// (lens, service). Stage ids: conventions.ts.
import { flowChart, type FlowChart } from 'footprintjs';
import type { ILogger } from 'footprintjs/advanced';
import { SLOT_IDS, STAGE_IDS, VALIDATE_BRANCHES } from './conventions.js';
import type { PlanningState } from './planningState.js';
import { SLOT_REGISTRY, slotChart, type SlotVariants } from './slots/registry.js';
import { actionStage } from './stages/action.js';
import { analyzeStage } from './stages/analyze.js';
import { callLlmStage } from './stages/callLlm.js';
import { contextStage } from './stages/context.js';
import { fallbackStage } from './stages/fallback.js';
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
    .addDeciderFunction('Validate', validateStage, STAGE_IDS.validate, 'parse and validate the pick; retry once or fall back')
    .addFunctionBranch(VALIDATE_BRANCHES.retry, 'Retry', retryStage, 'prepare the one retry', { loopTo: STAGE_IDS.messageApi })
    .addFunctionBranch(
      VALIDATE_BRANCHES.fallback,
      'Fallback',
      fallbackStage,
      'keep the model pick or fall back to the best valid candidate',
    )
    .end()
    .addFunction('Action', actionStage, STAGE_IDS.action, 'the final action: keyCode, clamped ticks, reason; ends the run')
    .setLogger(quietLogger)
    .build();
}

/**
 * The chart as planNextAction runs it: the same chart without its build-time structure. footprintjs
 * deep-copies that structure (a JSON round trip of the whole chart, slots included) into every
 * executor it constructs and every run it starts, only to keep a runtime copy for visualisation,
 * which nothing here reads; the lens and the service draw the cached chart's own structure.
 */
export function runnableChart(chart: FlowChart): FlowChart {
  return { ...chart, buildTimeStructure: undefined } as unknown as FlowChart;
}

const charts = new Map<string, { chart: FlowChart; runnable: FlowChart }>();

export function variantKey(variants: SlotVariants): string {
  return SLOT_IDS.map((slot) => `${slot}=${variants[slot]}`).join(';');
}

function cached(variants: SlotVariants): { chart: FlowChart; runnable: FlowChart } {
  const key = variantKey(variants);
  let entry = charts.get(key);
  if (!entry) {
    const chart = buildPlanningChart(variants);
    entry = { chart, runnable: runnableChart(chart) };
    charts.set(key, entry);
  }
  return entry;
}

/** The built chart for these slot variants (built on first use, then cached): its structure draws the chart. */
export function planningChart(variants: SlotVariants): FlowChart {
  return cached(variants).chart;
}

/** The same chart, to run (see `runnableChart`). */
export function runnablePlanningChart(variants: SlotVariants): FlowChart {
  return cached(variants).runnable;
}
