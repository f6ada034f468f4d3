// The game rules section (agent-planner §6, slot `rules`): the few Lode Runner rules a model
// needs to judge the candidates, kept short because a small model reads every line.
import { piece, type PromptPiece } from './slots.js';

export function rulesPiece(): PromptPiece {
  return piece('rules', [
    '- Board 28x16; (x,y) = column 0..27 from the left, row 0..15 from the top.',
    '- Take all gold ($). Then hidden ladders appear; reaching the top row (y=0) finishes the level.',
    '- Touching a guard (0) kills you. Guards chase you; they are slower than you.',
    '- Walk on floors, climb ladders (H), hang on ropes (-); you fall where nothing holds you. Up needs a ladder.',
    '- You can dig a brick (#) diagonally below-left or below-right, never solid (@). A hole refills after a while: inside it you die.',
    '- A guard that falls into a hole is stuck for a moment; you can walk over its head.',
  ]);
}
