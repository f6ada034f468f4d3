// Test helper: plays the start of a plan as an episode's planned route does (its first action
// group, at most 20 ticks) and returns the commitment the history would carry to the next decision.
import { KEY_OF } from '../../../src/agent/keys.js';
import type { Commitment } from '../../../src/agent/schemas.js';
import { actionGroupSize, commitmentFor } from '../../../src/agent/search/commitment.js';
import type { Plan } from '../../../src/agent/search/planSearch.js';
import type { Game } from '../../../src/game/game.js';

export function playPlanStart(game: Game, plan: Plan): Commitment | null {
  const group = plan.macros.slice(0, actionGroupSize(plan.macros));
  const ticks = Math.min(
    20,
    group.reduce((sum, m) => sum + m.ticks, 0),
  );
  game.press(KEY_OF[plan.macros[0]!.key], ticks);
  return commitmentFor(plan, game.state, ticks, plan.searchedAtTick);
}
