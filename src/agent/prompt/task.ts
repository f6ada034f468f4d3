// The task section (agent-planner §6, slot `task`): what to decide and the output contract
// {"candidateId": "...", "reason": "..."}, quoted from the parser so both always agree.
import { REPLY_CONTRACT } from '../parseModelOutput.js';
import { piece, type PromptPiece } from './slots.js';

export function taskPiece(): PromptPiece {
  return piece('task', [
    'Pick the best next move for the runner: copy one id, character for character, from the candidate list below.',
    'Prefer collecting gold (then the exit) without getting caught; follow the stall report if there is one.',
    `Answer with JSON only: ${REPLY_CONTRACT}`,
  ]);
}
