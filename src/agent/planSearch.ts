// Plan search (agent-planner §3): a beam search in the exact engine (clone + simulate) over
// short macro-actions — take one navigation move (walk, climb, rope, fall, dig-then-drop), dig
// in place, or wait — scored by gold gained, ticks-to-go to the next target, guard distance and
// time, with state hashing and a budget of simulated ticks. Its best plan's first move becomes
// the planned_route candidate. Reads an Analysis; never mutates the root state.
import { ACT_IN_HOLE, ACT_REBORN, idx } from '../game/constants.js';
import { KEY } from '../game/keys.js';
import { canDig, runnerCanAct } from '../game/rules/runner.js';
import { cloneState } from '../game/serialize.js';
import type { GameState } from '../game/state.js';
import { advance } from '../game/tick.js';
import type { Analysis } from './analysis.js';
import { KEY_OF, type KeyName } from './keys.js';
import { UNREACHABLE, buildNavGraph, costToGo, routingCell, type NavEdge, type NavGraph } from './nav.js';
import { survivalTicks } from './sim.js';
import { terrainFromState } from './terrain.js';

export interface PlanSearchOptions {
  /** Simulated ticks the search may spend per decision. */
  budgetTicks: number;
  beamWidth: number;
  maxDepth: number;
  waitTicks: number;
  /** Survival look-ahead demanded of the chosen plan's end state. */
  survivalHorizon: number;
}

/**
 * Defaults: 4,000 simulated ticks (~2 ms at the engine's 2M ticks/s) buys a beam of 6 plans
 * about 8 macros deep — 40-80 tiles of movement, enough to see a guard's approach, a hole's
 * refill (186 ticks) only partly. Deeper budgets help a little and cost linearly.
 */
export const DEFAULT_PLAN_SEARCH: PlanSearchOptions = { budgetTicks: 4000, beamWidth: 6, maxDepth: 8, waitTicks: 8, survivalHorizon: 48 };

export type Macro =
  | { kind: 'move'; key: KeyName; edge: NavEdge; ticks: number }
  | { kind: 'dig'; key: KeyName; ticks: number }
  | { kind: 'wait'; key: KeyName; ticks: number };

export interface Plan {
  macros: Macro[];
  goldGained: number;
  ticks: number;
  closestGuard: number | null;
  value: number;
  finished: boolean;
  endCell: { x: number; y: number };
  expanded: number;
  simulatedTicks: number;
  why: string;
}

interface Node {
  state: GameState;
  macros: Macro[];
  ticks: number;
  gold: number;
  closest: number;
  value: number;
}

interface SearchContext {
  root: Analysis;
  graph: NavGraph;
  budget: number;
  fields: Map<number | string, Int32Array>;
  revealed: NavGraph | null;
}

function guardDistance(s: GameState): number {
  const r = s.runner;
  let best = 99;
  for (const g of s.guards) {
    if (g.action === ACT_REBORN || g.action === ACT_IN_HOLE) continue;
    const d = Math.max(
      Math.abs(g.x * 40 + g.xOffset - r.x * 40 - r.xOffset) / 40,
      Math.abs(g.y * 44 + g.yOffset - r.y * 44 - r.yOffset) / 44,
    );
    if (d < best) best = d;
  }
  return best;
}

/** Ticks-to-go field for the node's remaining targets (cached per gold set within one search). */
function fieldFor(ctx: SearchContext, s: GameState): { graph: NavGraph; toGo: Int32Array } {
  if (s.goldComplete) {
    if (!ctx.revealed) ctx.revealed = ctx.root.snapshot.gold.complete ? ctx.graph : buildNavGraph(terrainFromState(s));
    const key = 'exit';
    let f = ctx.fields.get(key);
    if (!f) {
      const tops: number[] = [];
      for (let x = 0; x < 28; x++) if (ctx.revealed.rest[idx(x, 0)]) tops.push(idx(x, 0));
      f = costToGo(ctx.revealed, tops);
      ctx.fields.set(key, f);
    }
    return { graph: ctx.revealed, toGo: f };
  }
  // Key the cached field by the set of gold cells without building a string per node.
  let key = s.goldCount;
  const base = s.base;
  for (let i = 0; i < base.length; i++) if (base[i] === 7) key = (Math.imul(key, 31) + i + 1) | 0;
  let f = ctx.fields.get(key);
  if (!f) {
    const gold: number[] = [];
    for (let i = 0; i < base.length; i++) if (base[i] === 7) gold.push(i);
    if (gold.length === 0) for (const g of s.guards) if (g.hasGold > 0) gold.push(idx(g.x, g.y));
    f = costToGo(ctx.graph, gold, ctx.root.danger);
    ctx.fields.set(key, f);
  }
  return { graph: ctx.graph, toGo: f };
}

function evaluate(ctx: SearchContext, n: Node): number {
  const s = n.state;
  if (s.status === 'finish') return 1e6 - n.ticks;
  const { graph, toGo } = fieldFor(ctx, s);
  const cell = routingCell(graph, s.runner.x, s.runner.y);
  const togo = toGo[cell];
  let v = 1000 * n.gold - 0.25 * n.ticks + 4 * Math.min(n.closest, 5);
  if (togo >= UNREACHABLE) v -= 600;
  else v -= togo;
  if (s.goldComplete && !ctx.root.snapshot.gold.complete) v += 500;
  return v;
}

/** Holds `key` until the runner rests at `goal` (or `limit` ticks pass); false if nothing ran. */
function hold(ctx: SearchContext, s: GameState, key: number, goal: number, limit: number, track: { closest: number }): number {
  let ran = 0;
  for (let i = 0; i < limit; i++) {
    if (!advance(s, i === 0 ? key : undefined)) break;
    ran++;
    const d = guardDistance(s);
    if (d < track.closest) track.closest = d;
    if (s.status !== 'running') break;
    if (goal >= 0) {
      const r = s.runner;
      if (r.xOffset === 0 && r.yOffset === 0 && idx(r.x, r.y) === goal && runnerCanAct(s)) break;
    }
  }
  ctx.budget -= ran;
  return ran;
}

function expand(ctx: SearchContext, n: Node, waitTicks: number): Node[] {
  const out: Node[] = [];
  const s0 = n.state;
  const push = (state: GameState, macro: Macro, ticks: number, closest: number) => {
    if (state.status === 'runner_dead' || ticks === 0) return;
    const child: Node = {
      state,
      macros: [...n.macros, { ...macro, ticks }],
      ticks: n.ticks + ticks,
      gold: n.gold + Math.max(0, s0.goldCount - state.goldCount) + (state.goldComplete && !s0.goldComplete && s0.goldCount > 0 ? 0 : 0),
      closest: Math.min(n.closest, closest),
      value: 0,
    };
    child.value = evaluate(ctx, child);
    out.push(child);
  };
  if (!runnerCanAct(s0)) {
    const s = cloneState(s0, false);
    const t = { closest: 99 };
    const ran = hold(ctx, s, KEY.STOP, routingCell(ctx.graph, s0.runner.x, s0.runner.y), 30, t);
    push(s, { kind: 'wait', key: 'stop', ticks: ran }, ran, t.closest);
    return out;
  }
  const here = routingCell(ctx.graph, s0.runner.x, s0.runner.y);
  for (const e of ctx.graph.edges[here]) {
    const s = cloneState(s0, false);
    const t = { closest: 99 };
    let ran = 0;
    if (e.kind === 'dig_drop') {
      const dir = e.key === 'dig_left' ? -1 : 1;
      if (!canDig(s, dir)) continue;
      ran += hold(ctx, s, KEY_OF[e.key], -1, 12, t);
      if (s.status !== 'running') {
        push(s, { kind: 'move', key: e.key, edge: e, ticks: ran }, ran, t.closest);
        continue;
      }
      ran += hold(ctx, s, dir < 0 ? KEY.LEFT : KEY.RIGHT, e.to, e.cost + 20, t);
    } else {
      ran += hold(ctx, s, KEY_OF[e.key], e.to, e.cost * 2 + 12, t);
    }
    push(s, { kind: 'move', key: e.key, edge: e, ticks: ran }, ran, t.closest);
  }
  for (const dir of [-1, 1] as const) {
    if (!canDig(s0, dir)) continue;
    const s = cloneState(s0, false);
    const t = { closest: 99 };
    const key: KeyName = dir < 0 ? 'dig_left' : 'dig_right';
    const ran = hold(ctx, s, KEY_OF[key], -1, 12, t);
    push(s, { kind: 'dig', key, ticks: ran }, ran, t.closest);
  }
  const s = cloneState(s0, false);
  const t = { closest: 99 };
  const ran = hold(ctx, s, KEY.STOP, -1, waitTicks, t);
  push(s, { kind: 'wait', key: 'stop', ticks: ran }, ran, t.closest);
  return out;
}

function hashNode(s: GameState): string {
  const r = s.runner;
  let h = `${r.x},${r.y},${r.xOffset},${r.yOffset},${s.goldCount},${s.dig ? 1 : 0}`;
  for (const g of s.guards) h += `|${g.x},${g.y},${g.action}`;
  for (const hole of s.holes) h += `#${hole.x},${hole.y}`;
  return h;
}

function describe(plan: Node, root: Analysis): string {
  const moves = plan.macros
    .slice(0, 4)
    .map((m) =>
      m.kind === 'move'
        ? `${m.edge.kind.replace('_', ' ')} ${m.key.replace('_', ' ')}`
        : m.kind === 'dig'
          ? m.key.replace('_', ' ')
          : `wait ${m.ticks}`,
    )
    .join(', ');
  const gain = plan.gold > 0 ? `collects ${plan.gold} gold` : root.snapshot.gold.complete ? 'heads for the exit' : 'gets closer to gold';
  return `${gain} in ${plan.ticks} ticks (${moves}${plan.macros.length > 4 ? ', ...' : ''}); closest guard ${plan.closest >= 99 ? 'none' : plan.closest.toFixed(1) + ' tiles'}`;
}

/** Runs the search from the analysis' exact state; null in geometric mode or with nothing to do. */
export function planSearch(root: Analysis, options: Partial<PlanSearchOptions> = {}): Plan | null {
  // A level still waiting for its first key is planned too: the first move starts it.
  if (!root.state || (root.state.status !== 'running' && root.state.status !== 'start')) return null;
  const opts = { ...DEFAULT_PLAN_SEARCH, ...options };
  const ctx: SearchContext = { root, graph: root.graph, budget: opts.budgetTicks, fields: new Map(), revealed: null };
  const start: Node = { state: cloneState(root.state, false), macros: [], ticks: 0, gold: 0, closest: guardDistance(root.state), value: 0 };
  start.value = evaluate(ctx, start);
  const seen = new Set<string>([hashNode(start.state)]);
  let frontier: Node[] = [start];
  const finished: Node[] = [];
  let expanded = 0;
  for (let depth = 0; depth < opts.maxDepth && frontier.length && ctx.budget > 0; depth++) {
    const children: Node[] = [];
    for (const n of frontier) {
      if (ctx.budget <= 0) break;
      expanded++;
      for (const c of expand(ctx, n, opts.waitTicks)) {
        const h = hashNode(c.state);
        if (seen.has(h)) continue;
        seen.add(h);
        children.push(c);
      }
    }
    children.sort((p, q) => q.value - p.value);
    finished.push(...children);
    frontier = children.filter((c) => c.state.status === 'running' || c.state.status === 'start').slice(0, opts.beamWidth);
  }
  finished.sort((p, q) => q.value - p.value);
  // Vet the best plans by how long their end state can hold out against the guards; take the
  // first that holds out for the whole horizon, else the one that holds out longest.
  let best: Node | null = null;
  let bestHold = -1;
  for (const n of finished.slice(0, 6)) {
    const hold = n.state.status === 'finish' ? opts.survivalHorizon : survivalTicks(n.state, opts.survivalHorizon);
    if (hold > bestHold) {
      best = n;
      bestHold = hold;
    }
    if (hold >= opts.survivalHorizon) break;
  }
  if (!best) return null;
  return {
    macros: best.macros,
    goldGained: best.gold,
    ticks: best.ticks,
    closestGuard: best.closest >= 99 ? null : Math.round(best.closest * 10) / 10,
    value: Math.round(best.value),
    finished: best.state.status === 'finish',
    endCell: { x: best.state.runner.x, y: best.state.runner.y },
    expanded,
    simulatedTicks: opts.budgetTicks - ctx.budget,
    why: describe(best, root),
  };
}
