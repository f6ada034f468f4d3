// Test helper for plan-search scenes: plays the search's plans in full, decision after decision
// (each macro's key pressed for its ticks), and steps up once the gold is complete on the top row,
// so a spec reads as "this board, these options -> this outcome". Returns the keys pressed.
import { analyzeSnapshot } from '../../../src/agent/analysis.js';
import { KEY_OF, type KeyName } from '../../../src/agent/keys.js';
import { planSearch } from '../../../src/agent/search/planSearch.js';
import type { PlanSearchOptions } from '../../../src/agent/search/types.js';
import type { Game } from '../../../src/game/game.js';

export function playPlans(game: Game, options: Partial<PlanSearchOptions>, decisions: number): KeyName[] {
  const keys: KeyName[] = [];
  for (let decision = 0; decision < decisions && game.state.status === 'running'; decision++) {
    const plan = planSearch(analyzeSnapshot(game.snapshot({ withEngineState: true })), options);
    if (!plan) break;
    for (const m of plan.macros) {
      game.press(KEY_OF[m.key], m.ticks);
      keys.push(m.key);
    }
    if (game.state.goldComplete && game.state.runner.y === 0) game.press(KEY_OF.up, 1);
  }
  return keys;
}
