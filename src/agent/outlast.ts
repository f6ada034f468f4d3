// The plan sets the bar for every other candidate: when the plan search found a plan that keeps
// the runner alive (a goal or partial plan holds out by its acceptance, an escape for its ticks),
// a heuristic or stall-recovery candidate ranked above it must keep him alive about as long, in
// the same exact simulation and the same test as a plan's goal (holdsOut: a witness must be
// found; "unknown" is no), and must not leave gold or the exit behind for good (a drop into a
// sealed pocket lives on and still loses the level), nor, with the plan search's trapChecks (on
// by default), leave him where every way on is closed for good (leadsNowhere: a drop onto the
// last gold in a shaft walled in brick passes the relaxed reachability). Reads the ranked
// candidates, their score parts and simulated end states; emits the ones that fail as safety
// rejections (a 24-tick look-ahead passed them into a dead end).
import type { GameState } from '../game/state.js';
import type { Candidate, Disposition } from './schemas.js';
import { holdsOut } from './sim.js';
import { leadsNowhere } from './search/bestFirst.js';
import type { Plan, PlanSearchOptions } from './search/types.js';

/** Ticks (at most) a candidate ranked above a plan that holds out must survive after its action. */
export const OUTLAST_HORIZON = 150;

/** How long, after its action, a candidate must keep the runner alive to rank above `plan`. */
export function outlastHorizon(plan: Plan): number {
  if (plan.mode !== 'escape') return OUTLAST_HORIZON;
  return Math.min(OUTLAST_HORIZON, plan.ticks);
}

/**
 * Walks the ranked list from the top until the plan's own candidate (not stall-blocked) or a
 * candidate that holds out for the horizon after its action and, given `trapSearch`, leaves a
 * way on; every candidate passed on the way is taken out. Stall-blocked candidates are
 * skipped (nothing picks them while another is open). Without a plan the list is returned as
 * it is (god mode and the geometric rules are the caller's business).
 */
export function dropOutlasted(
  ranked: readonly Candidate[],
  endStates: ReadonlyMap<string, GameState>,
  plan: Plan | null,
  trapSearch: PlanSearchOptions | null = null,
): { candidates: Candidate[]; dispositions: Disposition[] } {
  if (!plan) return { candidates: [...ranked], dispositions: [] };
  const horizon = outlastHorizon(plan);
  const dropped = new Set<Candidate>();
  const dispositions: Disposition[] = [];
  for (const c of ranked) {
    if (c.kind === 'planned_route' && !c.stallBlocked) break;
    if (c.stallBlocked) continue;
    const end = endStates.get(c.id);
    if (!end || end.status !== 'running') break;
    // an action that leaves gold or the exit behind for good loses the level, however long the
    // runner lives on (the search's goal and partial plans never do: bestFirst keeps no other)
    const strands = (c.scoreParts.strandsGold ?? 0) < 0 || (c.scoreParts.strandsExit ?? 0) < 0;
    if (strands) {
      dropped.add(c);
      dispositions.push({
        id: c.id,
        kind: c.kind,
        disposition: 'safety_rejection',
        why: 'the plan keeps every gold and the exit in reach; this action leaves some behind for good',
      });
      continue;
    }
    // the survival test first (the trap test is the longer search); with trapChecks, an action
    // after which every way on is closed for good (the plan's own search found somewhere to go,
    // so the root is no trap itself) loses the level as surely
    const need = Math.max(1, horizon - c.firstAction.ticks);
    const lives = holdsOut(end, need);
    if (lives && !(trapSearch && !plan.exhausted && leadsNowhere(end, trapSearch))) break;
    dropped.add(c);
    dispositions.push({
      id: c.id,
      kind: c.kind,
      disposition: 'safety_rejection',
      why: lives
        ? 'the plan leads on; after this action every way on is closed for good'
        : `the plan keeps the runner alive; after this action no key sequence lives ${need} more ticks`,
    });
  }
  return { candidates: ranked.filter((c) => !dropped.has(c)), dispositions };
}
