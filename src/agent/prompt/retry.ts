// The retry section (agent-planner §7, slot `retry`): on the one retry after a recoverable
// failure, the validation's retryInstruction, phrased for the model, under `Retry instruction:`.
import { piece, type PromptPiece } from './slots.js';

/** The retry piece, or null when there is nothing to retry (retryInstruction null or empty). */
export function retryPiece(validation: { retryInstruction: string | null }): PromptPiece | null {
  const instruction = validation.retryInstruction?.trim();
  if (!instruction) return null;
  return piece('retry', instruction);
}
