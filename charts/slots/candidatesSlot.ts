// The candidates slot: a standalone chart (propose-candidates -> render-candidates) per variant,
// and its mount under sf-candidates. Every variant writes the same keys (candidates and the candidate
// list piece) and emits the same evidence; only how the list is built (simulation, search) and shown
// (outcome lines, ranking) differs.
import { flowChart, type FlowChart, type TypedScope } from 'footprintjs';
import { ArrayMergeMode, type SubflowMountOptions } from 'footprintjs/advanced';
import { SLOT_STAGE_IDS, SUBFLOW_IDS } from '../conventions.js';
import { mountInputs, mountOutputs } from '../mountOutputs.js';
import type { PlanningState } from '../planningState.js';
import type { CandidatesSlotState, CandidatesVariantSettings } from './candidatesState.js';
import { proposeCandidatesStage } from './proposeCandidates.js';
import { renderCandidatesStage } from './renderCandidates.js';

export function buildCandidatesSlot(variant: string, settings: CandidatesVariantSettings): FlowChart {
  const how = `${settings.simulate ? 'exact simulation' : 'geometric rules'}${settings.planSearch ? ' + plan search' : ''}`;
  return flowChart<CandidatesSlotState>('ProposeCandidates', proposeCandidatesStage(settings), SLOT_STAGE_IDS.proposeCandidates, {
    description: `candidates (${how})`,
  })
    .addFunction('RenderCandidates', renderCandidatesStage(variant), SLOT_STAGE_IDS.renderCandidates, 'the candidate list section')
    .build();
}

export const candidatesMount: SubflowMountOptions = {
  inputMapper: (parent: TypedScope<PlanningState>) => mountInputs({ facts: parent.facts, stall: parent.stall, options: parent.options }),
  outputMapper: mountOutputs(SUBFLOW_IDS.candidates),
  arrayMerge: ArrayMergeMode.Replace,
};
