// The finish subflow — Fallback -> Action — and how it is mounted as Validate's `finish` branch.
// The terminal work lives inside the branch because a stage chained after a decider's .end() runs
// once per loop pass (footprintjs cheat sheet §12). Built once; its mount maps scope in and out.
import { flowChart, type FlowChart, type TypedScope } from 'footprintjs';
import { ArrayMergeMode, type SubflowMountOptions } from 'footprintjs/advanced';
import { STAGE_IDS } from '../conventions.js';
import { mountInputs, mountOutputs } from '../mountOutputs.js';
import type { PlanningState } from '../planningState.js';
import { actionStage } from './action.js';
import { fallbackStage } from './fallback.js';
import type { FinishState } from './finishState.js';

let built: FlowChart | null = null;

export function finishChart(): FlowChart {
  built ??= flowChart<FinishState>('Fallback', fallbackStage, STAGE_IDS.fallback, {
    description: 'keep the model pick or fall back to the best valid candidate',
  })
    .addFunction('Action', actionStage, STAGE_IDS.action, 'the final action: keyCode, clamped ticks, reason')
    .build();
  return built;
}

export const finishMount: SubflowMountOptions = {
  inputMapper: (parent: TypedScope<PlanningState>) =>
    mountInputs({
      validation: parent.validation,
      recoveryStep: parent.recoveryStep,
      statuses: parent.statuses,
      candidates: parent.candidates ?? null,
      facts: parent.facts,
      recovery: parent.options.recovery,
      maxActionTicks: parent.options.maxActionTicks,
    }),
  outputMapper: mountOutputs(STAGE_IDS.finish),
  arrayMerge: ArrayMergeMode.Replace,
};
