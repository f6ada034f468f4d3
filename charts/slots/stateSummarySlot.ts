// The state-summary slot: one single-stage chart per variant (compact | json | with-board) and its
// mount under sf-state-summary. Every variant reads the same inputs and writes the same key.
import { flowChart, type FlowChart, type TypedScope } from 'footprintjs';
import { ArrayMergeMode, type SubflowMountOptions } from 'footprintjs/advanced';
import { SLOT_STAGE_IDS, SUBFLOW_IDS } from '../conventions.js';
import { mountInputs, mountOutputs } from '../mountOutputs.js';
import type { PlanningState } from '../planningState.js';
import { renderStateSummaryStage } from './renderStateSummary.js';
import type { StateSummarySlotState, StateSummaryVariant } from './stateSummaryState.js';

export type { StateSummaryVariant };

export function buildStateSummarySlot(variant: StateSummaryVariant): FlowChart {
  return flowChart<StateSummarySlotState>('RenderStateSummary', renderStateSummaryStage(variant), SLOT_STAGE_IDS.renderStateSummary, {
    description: `the state summary section (${variant})`,
  }).build();
}

export const stateSummaryMount: SubflowMountOptions = {
  inputMapper: (parent: TypedScope<PlanningState>) => mountInputs({ facts: parent.facts, board: parent.board }),
  outputMapper: mountOutputs(SUBFLOW_IDS['state-summary']),
  arrayMerge: ArrayMergeMode.Replace,
};
