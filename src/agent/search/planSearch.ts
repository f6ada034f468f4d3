// Plan search (agent-planner §3): a best-first (weighted A*) search in the exact engine (clone +
// simulate) over tile-sized macro-actions with state hashing and a budget of simulated ticks.
// The goal is the next gold (or the exit) reached in a state that can still hold out against
// the guards and that strands no gold the runner could reach. Progress is estimated on a
// dig-relaxed navigation graph, so buried gold pulls the search towards the digs, and the exact
// simulation finds the sequence that works. Reads an Analysis; never mutates the root state.
// Pure: the same state and history give the same plan. The parts are in this folder (README).
import type { GameState } from '../../game/state.js';
import type { Analysis } from '../analysis.js';
import type { Commitment } from '../schemas.js';
import { continueAhead, deepOptions, startAhead } from './ahead.js';
import { BestFirst, newSearch } from './bestFirst.js';
import { chooseEnd, planTo } from './choose.js';
import { committedPlan, fingerprintState } from './commitment.js';
import { continueCheck } from './fallbackCheck.js';
import { arriveWithNextSearch, followWithNextSearch, nextSearchRoot } from './nextSearch.js';
import { DEFAULT_PLAN_SEARCH, type Plan, type PlanSearchOptions } from './types.js';

export type { GoalRejections } from './bestFirst.js';
export { DEFAULT_PLAN_SEARCH, type Macro, type MacroKind, type Plan, type PlanMode, type PlanSearchOptions } from './types.js';
export { againstWall } from './macros.js';

/**
 * Runs the search from the analysis' exact state; null in geometric mode or with nothing to do.
 * `commitment` is the plan the last step handed on (history): a goal plan still on course is
 * followed without a search, so the agent does not swap between goals of equal promise, and a
 * deep search ahead under way (ahead.ts) searches its next slice. Other partial plans and escapes
 * are searched again every step: following them to their end (tried on Classic) led the runner
 * into corners a fresh search from half-way would have avoided.
 */
export function planSearch(
  root: Analysis,
  options: Partial<PlanSearchOptions> = {},
  commitment: Commitment | null = null,
  revisits: Uint8Array | null = null,
): Plan | null {
  // A level still waiting for its first key is planned too: the first move starts it.
  const rootState = root.state;
  if (!rootState || (rootState.status !== 'running' && rootState.status !== 'start')) return null;
  const opts = { ...DEFAULT_PLAN_SEARCH, ...options };
  const followed = commitment?.mode === 'goal' ? committedPlan(commitment, rootState) : null;
  // a fallback goal's plan is followed while its onward search runs on; dropped when it runs dry
  const check = followed ? commitment!.check : undefined;
  if (followed && check) {
    const plan = continueCheck(rootState, commitment!, followed, opts) ?? searchFrom(rootState, opts, null, check.expect, revisits);
    return plan ? withNextSearch(rootState, plan, opts) : null;
  }
  if (followed) return followWithNextSearch(rootState, commitment!, followed, opts);
  const onCourse =
    commitment?.ahead && fingerprintState(rootState) === commitment.expect ? continueAhead(rootState, commitment, opts) : null;
  const plan = onCourse ?? searchFrom(rootState, opts, arriveWithNextSearch(rootState, commitment, opts), undefined, revisits);
  return plan ? withNextSearch(rootState, plan, opts) : null;
}

/** A goal plan found this step gets the next goal's search run ahead of it (nextSearch.ts). */
function withNextSearch(root: GameState, plan: Plan, opts: PlanSearchOptions): Plan {
  if (plan.mode !== 'goal' || !plan.reachesGoal || plan.finished || plan.ahead || plan.check || plan.followed) return plan;
  const next = nextSearchRoot(root, plan.macros, opts);
  return next ? { ...plan, next: { expect: next.expect, slices: 0 } } : plan;
}

/**
 * A fresh search from `rootState`, or the next search run ahead to it (`arrived`), given this
 * decision's normal budget; then its plan (a deep search started or run when no goal is found).
 */
function searchFrom(
  rootState: GameState,
  opts: PlanSearchOptions,
  arrived: ReturnType<typeof arriveWithNextSearch> = null,
  avoid?: string,
  revisits: Uint8Array | null = null,
): Plan | null {
  // the runner's earlier cells rank partial plans only in a search rooted here and now (a search
  // resumed from another decision ranks them by the estimate alone)
  const ranked = opts.revisitPenalty > 0 ? revisits : null;
  let ctx, start, search: BestFirst;
  let before = { ticks: 0, expanded: 0 };
  if (arrived) {
    search = arrived.search;
    ({ ctx, start } = search);
    before = arrived.before;
  } else {
    ({ ctx, start } = newSearch(rootState, opts.budgetTicks, opts));
    ctx.revisits = ranked;
    search = new BestFirst(ctx, start, opts);
    search.run();
    // out of states with only the digs the estimate asks for: once more with every dig the rules allow
    if (opts.wideRetry && !opts.wideMacros && search.result.exhausted && !search.result.goal && !search.result.fallback) {
      opts = { ...opts, wideMacros: true };
      search = searchAgain(rootState, opts.budgetTicks, opts, search, ranked);
      ({ ctx, start } = search);
    }
  }
  const { goal, fallback } = search.result;
  // No goal within the budget, at a step the effort allows a deep search: it is spread ahead, from
  // where the first actions of this plan lead, one slice per decision (ahead.ts), or run at once.
  const deep = !goal && !fallback && (opts.deepBudgetTicks ?? 0) > opts.budgetTicks;
  const atOnce = deep && !opts.deepSearchAhead;
  if (atOnce) {
    // the deep search starts again from the root with its own cap on goal checks
    search = searchAgain(rootState, opts.deepBudgetTicks!, deepOptions(opts), search);
    ({ ctx, start } = search);
  }
  const end = chooseEnd(search, opts, { before: [] }, avoid);
  if (!end) return null;
  const work = {
    expanded: search.result.expanded - before.expanded,
    simulatedTicks: ctx.granted - ctx.budget - before.ticks,
    searchedAtTick: rootState.tick,
    followed: false,
    deepened: atOnce,
  };
  const plan = planTo(rootState, [], end, search, work);
  return plan && deep && !atOnce ? startAhead(rootState, plan, opts) : plan;
}

/** A search run again from `rootState` with `budget` and `opts`; the ticks `earlier` spent are counted as its own. */
function searchAgain(
  rootState: GameState,
  budget: number,
  opts: PlanSearchOptions,
  earlier: BestFirst,
  revisits: Uint8Array | null = null,
): BestFirst {
  const { ctx, start } = newSearch(rootState, budget, opts);
  ctx.revisits = revisits;
  ctx.granted += earlier.ctx.granted - earlier.ctx.budget;
  const search = new BestFirst(ctx, start, opts);
  search.run();
  return search;
}
