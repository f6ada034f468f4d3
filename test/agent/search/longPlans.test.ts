// A goal plan longer than the old cap on committed macros (issue #16: committed plans): the
// commitment carried only its first 48 macros, so a plan that goes round the level before it
// reaches its gold was searched again where the cut fell, and the fresh search from there sent the
// runner round once more (fanBook 2 looped for 9,000 ticks). The fixture is a real state of the
// agent's own play (fanBook 2, seed 1, tick 687): the next gold needs a dig, a lap of the level
// and a drop through the hole, 60-odd macros.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeSnapshot } from '../../../src/agent/analysis.js';
import type { Commitment } from '../../../src/agent/schemas.js';
import { COMMITTED_MACROS } from '../../../src/agent/search/commitment.js';
import { planSearch, type Plan } from '../../../src/agent/search/planSearch.js';
import { Game } from '../../../src/game/game.js';
import { snapshotSchema } from '../../../src/game/schemas.js';
import { playPlanStart } from '../helpers/playPlan.js';

const lap = snapshotSchema.parse(JSON.parse(readFileSync(new URL('../../fixtures/fanbook-2-tick-687.json', import.meta.url), 'utf8')));

describe('committed plans: a goal plan longer than 48 macros', () => {
  it('is found from the fixture, and its whole rest is carried to the next decision', () => {
    const game = Game.restore(lap.engineState!);
    const plan = planSearch(analyzeSnapshot(lap))!;
    expect(plan.mode).toBe('goal');
    expect(plan.macros.length).toBeGreaterThan(48);
    expect(plan.macros.length).toBeLessThanOrEqual(COMMITTED_MACROS);
    const commitment = playPlanStart(game, plan)!;
    const played = plan.macros.length - commitment.rest.length;
    expect(played).toBeGreaterThanOrEqual(0);
    expect(played).toBeLessThanOrEqual(1);
  });

  it('is followed decision after decision without a new search until its gold is taken', () => {
    const game = Game.restore(lap.engineState!);
    let commitment: Commitment | null = null;
    const plans: Plan[] = [];
    while (game.state.goldCount === lap.gold.remainingCount && plans.length < 200) {
      const plan = planSearch(analyzeSnapshot(game.snapshot({ withEngineState: true })), {}, commitment)!;
      plans.push(plan);
      commitment = playPlanStart(game, plan);
    }
    expect(game.state.status).toBe('running');
    expect(game.state.goldCount).toBe(lap.gold.remainingCount - 1);
    expect(plans.slice(1).every((p) => p.followed)).toBe(true);
  });
});
