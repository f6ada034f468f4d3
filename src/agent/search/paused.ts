// Paused searches kept between decisions: a best-first search rooted at an exact future state,
// run one slice per decision (ahead.ts: the deep search of a window; nextSearch.ts: the next
// goal's search while a goal plan is followed). A run paused and resumed with k more ticks does
// exactly what one run with the larger budget does (bestFirst.ts), so this cache only saves time:
// a miss (the lens, another process, an eviction) recomputes the same search from its root.
import type { GameState } from '../../game/state.js';
import { BestFirst, newSearch } from './bestFirst.js';
import type { PlanSearchOptions } from './types.js';

/**
 * How many paused searches are kept. Each holds its open list (up to a hundred megabytes after
 * eight slices), and an episode has at most two under way (a deep search ahead, the next goal's
 * search): more only kept dead searches alive for the collector to walk (bench:planner's p99 fell
 * from 357 to 243 ms going from six to two).
 */
const CACHED_SEARCHES = 2;

interface Paused {
  search: BestFirst;
  /** Ticks granted so far (the search's budget over all its slices). */
  granted: number;
  /** Ticks simulated and nodes expanded before the last grant (the last grant is the decision's share). */
  before: { ticks: number; expanded: number };
}

const paused = new Map<string, Paused>();

/**
 * The search rooted at `root` (whose exact state `key` names, with the options) after `granted`
 * ticks of budget in all: resumed from the cache, or run afresh to the same point. The last
 * `share` of those ticks is the calling decision's own work (`before` is what came earlier).
 */
export function searchGranted(
  root: GameState,
  key: string,
  granted: number,
  share: number,
  opts: PlanSearchOptions,
): { search: BestFirst; before: { ticks: number; expanded: number } } {
  let p = paused.get(key);
  // A search already past the decision's own share (the same step asked twice, as a lens tab re-runs
  // a step of a live run) cannot say what came before the share: recompute it, or the decision
  // reports less work than it did and its prompt differs.
  if (!p || p.granted > granted - share) {
    const { ctx, start } = newSearch(root, 0, opts);
    p = { search: new BestFirst(ctx, start, opts), granted: 0, before: { ticks: 0, expanded: 0 } };
  }
  paused.delete(key);
  paused.set(key, p);
  while (paused.size > CACHED_SEARCHES) paused.delete(paused.keys().next().value!);
  const { search } = p;
  // everything up to the decision's share first (a recomputation catches up), then the share
  const upTo = (ticks: number) => {
    if (ticks <= p.granted) return;
    search.grant(ticks - p.granted);
    search.run();
    p.granted = ticks;
  };
  upTo(granted - share);
  p.before = { ticks: search.ctx.granted - search.ctx.budget, expanded: search.result.expanded };
  upTo(granted);
  return { search, before: p.before };
}

/** The cache key of a search rooted at the state with fingerprint `expect`: every option can change it. */
export const pausedKey = (kind: string, expect: string, opts: PlanSearchOptions): string =>
  `${kind}|${expect}|${JSON.stringify({ ...opts, deepBudgetTicks: undefined })}`;

/** Drops a finished search. */
export function dropPaused(key: string): void {
  paused.delete(key);
}

/** Drops every paused search (they are recomputed alike on the next decision that needs one). */
export function forgetPausedSearches(): void {
  paused.clear();
}
