// The system message (agent-planner §6): the model's role in one short paragraph. The model
// only picks one of the listed candidate ids; deterministic code made and checks the moves.
import { REPLY_CONTRACT } from '../parseModelOutput.js';

export function systemPrompt(): string {
  return [
    'You choose the next move of the runner in a game of Lode Runner.',
    'Code has already worked out the legal moves and lists them as candidates; you pick exactly one candidate id from that list.',
    `Return JSON only, exactly ${REPLY_CONTRACT}, with no prose and no markdown.`,
  ].join(' ');
}
