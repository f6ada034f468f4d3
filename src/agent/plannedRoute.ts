// Turns the plan search's best plan into the planned_route proposal: its first macro as the
// first action, explained (macro list, gold, ticks, closest guard) well enough for a model to
// choose it knowingly.
import { idx } from '../game/constants.js';
import type { Analysis } from './analysis.js';
import { proposal, type Proposal } from './candidates.js';
import type { HistoryEntry } from './schemas.js';
import { actionGroupSize, lastCommitment } from './search/commitment.js';
import { searchEffort } from './search/effort.js';
import { planSearch, type Plan, type PlanSearchOptions } from './search/planSearch.js';

/**
 * Per cell, how many of the decisions since the last gold was taken (the history's, newest back to
 * the first with other gold left) left the runner there: what revisitPenalty ranks partial plans by.
 * Null when there are none. Read off the history, so a re-run of the step ranks alike.
 */
export function revisitsSinceGold(history: readonly HistoryEntry[], goldLeft: number, complete: boolean): Uint8Array | null {
  let counts: Uint8Array | null = null;
  for (let i = history.length - 1; i >= 0; i--) {
    const { after } = history[i]!;
    if (after.goldCount !== goldLeft || after.goldComplete !== complete) break;
    counts ??= new Uint8Array(448);
    const cell = idx(after.runner.x, after.runner.y);
    if (counts[cell]! < 255) counts[cell]!++;
  }
  return counts;
}

/**
 * The history decides three things the search reads: the commitment to follow (the last step's
 * plan), the effort (a deep search now and then when the normal one finds no goal) and the cells
 * revisited since the last gold (how partial plans rank).
 */
export function plannedRouteProposal(
  analysis: Analysis,
  options: Partial<PlanSearchOptions> = {},
  history: readonly HistoryEntry[] = [],
): { proposal: Proposal | null; plan: Plan | null } {
  const plan = planSearch(
    analysis,
    searchEffort(options, history, analysis.snapshot.tick),
    lastCommitment(history),
    revisitsSinceGold(history, analysis.snapshot.gold.remainingCount, analysis.snapshot.gold.complete),
  );
  if (!plan || plan.macros.length === 0) return { proposal: null, plan };
  const first = plan.macros[0];
  // Consecutive moves with the same key become one held key (up to 20 ticks), so a straight
  // stretch of the plan costs one planning step instead of one per tile.
  const group = plan.macros.slice(0, actionGroupSize(plan.macros));
  const ticks = group.reduce((sum, m) => sum + m.ticks, 0);
  // A survival segment is a key held for its ticks, wherever the runner is then: no waypoint.
  const last = group.at(-1)!;
  const waypoint = first.kind === 'move' && !first.fixed ? idx(last.to.x, last.to.y) : null;
  // The target is where the plan ends (not the first waypoint), so the stall detectors can tell
  // a plan that keeps changing its mind from one that gets somewhere.
  const target = plan.endCell;
  const p = proposal('planned_route', first.key, Math.max(1, Math.min(20, ticks)), {
    target,
    waypoint,
    label: 'planned route',
    goal: plan.followed
      ? `keep to the plan searched at tick ${plan.searchedAtTick} (still exactly on course): ${plan.why}`
      : `follow the searched plan: ${plan.why}`,
    reason:
      (plan.followed
        ? `next step of a plan found by exact simulation at tick ${plan.searchedAtTick}; the world is exactly where it predicted (${plan.macros.length} moves left)`
        : `first step of a ${plan.macros.length}-move plan found by exact simulation (${plan.simulatedTicks} ticks simulated)`) +
      (plan.next && plan.next.slices > 0 ? `; the next goal is searched ahead from where it ends (${plan.next.slices} slices)` : ''),
    scoreParts: { plan: 60, planGold: 8 * plan.goldGained },
    preconditions: ['the exact engine state is known'],
    stopConditions: ['the first move completes', 'a guard changes course (re-plan next step)'],
    provenByPlan: plan.reachesGoal,
    plan,
  });
  return { proposal: p, plan };
}
