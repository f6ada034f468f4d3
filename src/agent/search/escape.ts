// The plan search's last resorts when no plan to gold holds out: a beam over macros that keeps
// the runner alive longest (farthest from the guards, then closest to gold), then the survival
// check's own fine-grained path. Reads the search context and a start node; charges the budget.
import { cloneState } from '../../game/serialize.js';
import { NAME_OF_KEY, isDigKeyName } from '../keys.js';
import { runInPlace, survivalBeamPath, survivalPath } from '../sim.js';
import { childrenOf } from './macros.js';
import { guardDistance } from './measures.js';
import { leavesLevelPossible } from './reach.js';
import type { Node, PlanSearchOptions, SearchContext } from './types.js';

/** Escapes whose way on is checked (the best first), when the caller checks. */
const ESCAPES_CHECKED = 3;

/**
 * The escape when no plan to gold holds out: a beam over macros that keeps the runner alive
 * longest, preferring the states farthest from the guards, then closest to gold. Returns the
 * path's end node (a plan of survival), or null when every move dies at once.
 */
export function escape(ctx: SearchContext, start: Node, opts: PlanSearchOptions, leadsOn?: (n: Node) => boolean): Node | null {
  const horizon = opts.survivalHorizon;
  const topped = Math.max(ctx.budget, 0) + opts.escapeBudgetTicks;
  ctx.granted += topped - ctx.budget;
  ctx.budget = topped;
  let frontier: Node[] = [start];
  const done: Node[] = [];
  let longest: Node | null = null;
  const seen = new Set<string>();
  // the beam's dead ends are its own business: in the search's list (deadEndsLast), a resumed
  // search (paused.ts) would take them up as states of its own
  const deadEnds = ctx.deadEnds;
  ctx.deadEnds = null;
  while (frontier.length && ctx.budget > 0) {
    const next: Node[] = [];
    for (const n of frontier) {
      for (const c of childrenOf(ctx, n, opts, false, seen)) {
        if (!longest || c.ticks > longest.ticks) longest = c;
        if (c.ticks >= horizon) done.push(c);
        else next.push(c);
      }
      if (ctx.budget <= 0) break;
    }
    next.sort((p, q) => guardDistance(q.state) - guardDistance(p.state) || p.h - q.h);
    frontier = next.slice(0, opts.escapeWidth);
  }
  ctx.deadEnds = deadEnds;
  if (done.length === 0) return longest;
  // an escape that strands gold is a slower way to lose the level: the others first
  const keeps = new Map(done.map((n) => [n, leavesLevelPossible(ctx, n.state) ? 0 : 1]));
  done.sort((p, q) => keeps.get(p)! - keeps.get(q)! || guardDistance(q.state) - guardDistance(p.state) || p.h - q.h);
  if (leadsOn) for (const n of done.slice(0, ESCAPES_CHECKED)) if (leadsOn(n)) return n;
  return done[0]!;
}

/** Ticks per segment of the fine-grained survival fallback (the survival checks' own steps). */
const SURVIVAL_SEGMENT = 6;
const SURVIVAL_BEAM_SEGMENT = 8;

/**
 * The last resort when no tile-sized plan holds out: the survival check's own depth-first search
 * in 6-tick segments, which can stop mid-tile, turn back or dig at once where a tile macro
 * cannot. The candidates' safety check judges with the same search, so a runner it calls safe
 * always has a plan that says how. Returns the path's end node, or null when there is none.
 */
export function survivalEscape(start: Node, opts: PlanSearchOptions): Node | null {
  // the depth-first search first (6-tick segments), then the beam (8-tick held keys) that
  // holdsOut() falls back on: each finds escapes the other misses
  let segment = SURVIVAL_SEGMENT;
  let keys = survivalPath(start.state, opts.survivalHorizon, SURVIVAL_SEGMENT);
  if (!keys) {
    segment = SURVIVAL_BEAM_SEGMENT;
    keys = survivalBeamPath(start.state, opts.survivalHorizon, SURVIVAL_BEAM_SEGMENT);
  }
  if (!keys || keys.length === 0) return null;
  let node = start;
  for (const code of keys) {
    const key = NAME_OF_KEY[code]!;
    const s = cloneState(node.state, false);
    const track = { closest: 99 as number | null };
    const ran = runInPlace(s, code, segment, track);
    node = {
      state: s,
      parent: node,
      macro: {
        kind: isDigKeyName(key) ? 'dig' : key === 'stop' ? 'wait' : 'move',
        key,
        ticks: ran,
        to: { x: s.runner.x, y: s.runner.y },
        fixed: true,
      },
      depth: node.depth + 1,
      ticks: node.ticks + ran,
      g: node.g + ran,
      closest: Math.min(node.closest, track.closest ?? 99),
      h: node.h,
      f: 0,
    };
  }
  return node;
}
