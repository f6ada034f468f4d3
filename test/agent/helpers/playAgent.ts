// Test helper: plays the agent on (planning step, local policy's pick, its first action held at most
// 20 ticks, the history entry an episode would keep), decision after decision, as an episode does.
// Returns the snapshot each decision was planned from; `history` gets the entries played.
import { historyEntry } from '../../../src/agent/history.js';
import { planStep } from '../../../src/agent/planStep.js';
import type { HistoryEntry } from '../../../src/agent/schemas.js';
import type { PlanSearchOptions } from '../../../src/agent/search/types.js';
import type { Game } from '../../../src/game/game.js';
import type { Snapshot } from '../../../src/game/schemas.js';
import { localChoice } from '../../../src/llm/localPolicy.js';

export function playAgent(game: Game, history: HistoryEntry[], decisions: number, search: Partial<PlanSearchOptions> = {}): Snapshot[] {
  const planned: Snapshot[] = [];
  for (let i = 0; i < decisions && !game.over; i++) {
    const before = game.snapshot({ withEngineState: true });
    planned.push(before);
    const step = planStep(before, history.slice(-24), { search });
    const chosen = localChoice(step.candidates).candidate ?? step.candidates[0]!;
    const ticks = Math.max(1, Math.min(20, Math.round(chosen.firstAction.ticks)));
    game.press(chosen.firstAction.keyCode, ticks);
    history.push(historyEntry(chosen.id, { ...chosen.firstAction, ticks }, before, game.snapshot(), chosen.commitment));
  }
  return planned;
}
