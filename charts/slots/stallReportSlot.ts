// The stall-report slot: one single-stage chart per variant (default | off) and its mount under
// sf-stall-report. `off` writes the same keys with no piece, so an experiment can measure what the
// section buys (the candidates stay stall-adjusted; Validate still enforces stall_blocked).
import { flowChart, type FlowChart, type TypedScope } from 'footprintjs';
import { ArrayMergeMode, type SubflowMountOptions } from 'footprintjs/advanced';
import { SLOT_STAGE_IDS, SUBFLOW_IDS } from '../conventions.js';
import { mountInputs, mountOutputs } from '../mountOutputs.js';
import type { PlanningState } from '../planningState.js';
import { renderStallReportStage } from './renderStallReport.js';
import type { StallReportSlotState } from './stallReportState.js';

export function buildStallReportSlot(show: boolean): FlowChart {
  return flowChart<StallReportSlotState>('RenderStallReport', renderStallReportStage(show), SLOT_STAGE_IDS.renderStallReport, {
    description: show ? 'the stall report section' : 'no stall report section (variant off)',
  }).build();
}

export const stallReportMount: SubflowMountOptions = {
  inputMapper: (parent: TypedScope<PlanningState>) => mountInputs({ stall: parent.stall }),
  outputMapper: mountOutputs(SUBFLOW_IDS['stall-report']),
  arrayMerge: ArrayMergeMode.Replace,
};
