// Candidate generation (agent-planner §4): proposes every applicable action from the facts
// and the navigation routes (never from per-level tables), checks each for physical validity
// and guard safety (exact simulation when engineState is present, geometric rules otherwise),
// scores, dedupes, applies the stall adjustment, takes out what ranks above a plan but would not
// live as long (outlast.ts), sorts and truncates; keeps every disposition.
import { BLOCK, CELLS, GOLD, idx } from '../game/constants.js';
import { cloneState } from '../game/serialize.js';
import type { GameState } from '../game/state.js';
import { advance } from '../game/tick.js';
import { runnerCanAct } from '../game/rules/runner.js';
import type { Analysis } from './analysis.js';
import { commitmentFor } from './search/commitment.js';
import { DEFAULT_PLAN_SEARCH, type Plan, type PlanSearchOptions } from './search/types.js';
import { exitCells, summariseRoute, type RouteSummary } from './facts.js';
import { KEY_OF, isDigKeyName, type KeyName } from './keys.js';
import {
  DIG_TICKS,
  TICKS_PER_TILE,
  UNREACHABLE,
  lastingGroundReached,
  reachableFrom,
  routingCell,
  type NavEdge,
  type NavGraph,
} from './nav.js';
import type { Candidate, CandidateKind, Disposition, Facts, Lane, Outcome, PlannerOptions, RiskLevel, StallReport } from './schemas.js';
import { dropOutlasted } from './outlast.js';
import { nearestGuardDistance, runnerSettled, survives } from './sim.js';
import { terrainFromState } from './terrain.js';
import { sharedNavGraph } from './sharedGraphs.js';

/** A proposal before checks: everything but the outcome and final score. */
export interface Proposal {
  kind: CandidateKind;
  lane: Lane;
  key: KeyName;
  ticks: number;
  target: { x: number; y: number } | null;
  /** Where holding the key should bring the runner (the route waypoint), for exact tick choice. */
  waypoint: number | null;
  label: string;
  goal: string;
  reason: string;
  scoreParts: Record<string, number>;
  preconditions: string[];
  stopConditions: string[];
  /**
   * Set when an exact plan already proved the move leads somewhere (the plan search reached its
   * goal alive): the geometric "ends in a hole with no way out" test, which knows nothing of
   * later digs, does not apply. The exact survival check still does.
   */
  provenByPlan?: boolean;
  /** planned_route: the plan itself, whose rest the candidate commits to (see commitment.ts). */
  plan?: Plan;
}

export interface CandidateSet {
  candidates: Candidate[];
  dispositions: Disposition[];
}

export interface CandidateInputs {
  analysis: Analysis;
  facts: Facts;
  options: PlannerOptions;
  stall?: StallReport;
  /** Applies the stall report's score adjustment (injected so the stall module stays separate). */
  adjustForStall?: (candidates: Candidate[], report: StallReport) => { candidates: Candidate[]; dispositions: Disposition[] };
  /** Extra proposals from other reasoning tools (the plan search's planned_route). */
  extraProposals?: Proposal[];
  /** The plan search's options (their `trapChecks` also judges the candidates ranked above the plan). */
  planSearch?: Partial<PlanSearchOptions>;
}

const LANE_OF: Record<CandidateKind, Lane> = {
  planned_route: 'progress',
  collect_gold: 'progress',
  exit_route: 'progress',
  climb_ladder: 'progress',
  descend_route: 'progress',
  traverse_rope: 'progress',
  drop_from_rope: 'progress',
  continue_fall: 'progress',
  dig_route: 'progress',
  route_access_follow: 'progress',
  retreat_from_guard: 'safety',
  defensive_dig: 'safety',
  escape_through_open_hole: 'safety',
  wait_for_guard_clearance: 'safety',
  wait_for_dig_completion: 'environment',
  wait_for_floor_refill: 'environment',
  wait_for_trap_resolution: 'environment',
  wait_or_stop: 'fallback',
  emergency_hold: 'fallback',
};

/** Survival horizon after a candidate's first action (ticks of exact look-ahead). */
export const SURVIVAL_HORIZON = 24;

export function proposal(
  kind: CandidateKind,
  key: KeyName,
  ticks: number,
  fields: Partial<Omit<Proposal, 'kind' | 'key' | 'ticks' | 'lane'>> & { goal: string; reason: string },
): Proposal {
  return {
    kind,
    lane: LANE_OF[kind],
    key,
    ticks,
    target: fields.target ?? null,
    waypoint: fields.waypoint ?? null,
    label: fields.label ?? kind.replaceAll('_', ' '),
    goal: fields.goal,
    reason: fields.reason,
    scoreParts: fields.scoreParts ?? {},
    preconditions: fields.preconditions ?? [],
    stopConditions: fields.stopConditions ?? [],
    ...(fields.provenByPlan ? { provenByPlan: true } : {}),
    ...(fields.plan ? { plan: fields.plan } : {}),
  };
}

const xy = (cell: number) => ({ x: cell % 28, y: (cell / 28) | 0 });

/** Whether a falling move passes through a currently open hole (an access someone dug). */
function dropsThroughOpenHole(a: Analysis, e: NavEdge): boolean {
  const col = e.to % 28;
  for (let c = idx(col, (e.from / 28) | 0); c <= e.to; c += 28) if (a.terrain.openHole[c]) return true;
  return false;
}

/** The run of leading route edges pressed with the same key: its end cell and tick estimate. */
function leadingRun(route: NavEdge[]): { key: KeyName; end: number; ticks: number } {
  const key = route[0].key;
  if (isDigKeyName(key)) return { key, end: route[0].to, ticks: 12 };
  let ticks = 0;
  let end = route[0].to;
  for (const e of route) {
    if (e.key !== key) break;
    ticks += e.cost;
    end = e.to;
  }
  return { key, end, ticks };
}

function routeProposal(a: Analysis, facts: Facts, target: RouteSummary, isExit: boolean, carried: boolean): Proposal | null {
  if (target.route.length === 0) return null;
  const first = target.route[0];
  const run = leadingRun(target.route);
  const t = xy(target.cell);
  let kind: CandidateKind = isExit ? 'exit_route' : 'collect_gold';
  if (!isExit && first.kind === 'dig_drop') kind = 'dig_route';
  else if (!isExit && (first.kind === 'fall' || first.kind === 'let_go') && dropsThroughOpenHole(a, first)) kind = 'route_access_follow';
  const steps = target.route.length;
  const what = isExit ? `the exit at (${t.x},${t.y})` : `${carried ? 'the gold carried by a guard at' : 'the gold at'} (${t.x},${t.y})`;
  const scoreParts: Record<string, number> = { route: isExit ? 35 : 30 };
  if (!isExit && t.y === facts.runner.y) scoreParts.sameRow = 5;
  if (carried) scoreParts.movingTarget = -15;
  if (target.needsDig) scoreParts.needsDig = -3;
  return proposal(kind, run.key, Math.min(20, Math.max(1, run.ticks)), {
    target: t,
    waypoint: run.end,
    goal: `reach ${what} (${steps} moves, about ${target.cost} ticks${target.needsDig ? ', digging on the way' : ''})`,
    reason: `${first.kind.replace('_', ' ')} ${run.key.replace('_', ' ')} toward (${xy(run.end).x},${xy(run.end).y}), the first leg of the cheapest route to ${what}`,
    scoreParts,
    preconditions: [`route to ${what} exists`],
    stopConditions: [`runner reaches (${xy(run.end).x},${xy(run.end).y})`, 'a guard comes within 1 tile'],
  });
}

function affordanceProposals(a: Analysis, facts: Facts): Proposal[] {
  const out: Proposal[] = [];
  const { x, y } = facts.runner;
  const tiles = a.terrain.tiles;
  if (facts.movement.up.ok && facts.runner.onLadder) {
    let top = y;
    while (top > 0 && tiles[idx(x, top)] === 3 && a.graph.edges[idx(x, top)].some((e) => e.kind === 'climb_up')) top--;
    out.push(
      proposal('climb_ladder', 'up', Math.min(20, Math.max(1, (y - top) * 5)), {
        target: { x, y: top },
        waypoint: idx(x, top),
        goal: `climb the ladder to row ${top}`,
        reason: 'the ladder here leads up; new rows open new routes',
        scoreParts: { explore: 8 },
      }),
    );
  }
  if (facts.movement.down.ok && !facts.runner.falling) {
    const down = a.graph.edges[a.source].find((e) => e.key === 'down');
    if (down) {
      const kind: CandidateKind = facts.runner.onRope ? 'drop_from_rope' : 'descend_route';
      const to = xy(down.to);
      out.push(
        proposal(kind, 'down', Math.min(20, Math.max(1, down.cost)), {
          target: to,
          waypoint: down.to,
          goal: `${kind === 'drop_from_rope' ? 'let go of the rope and land' : 'go down'} at (${to.x},${to.y})`,
          reason: `${down.kind.replace('_', ' ')} leads to row ${to.y}`,
          scoreParts: { explore: 8 },
        }),
      );
    }
  }
  if (facts.runner.onRope) {
    for (const key of ['left', 'right'] as const) {
      const e = a.graph.edges[a.source].find((m) => m.key === key && m.kind === 'rope');
      if (!e) continue;
      let end = e.to;
      let n = 1;
      for (;;) {
        const next = a.graph.edges[end].find((m) => m.key === key && m.kind === 'rope');
        if (!next || n >= 4) break;
        end = next.to;
        n++;
      }
      out.push(
        proposal('traverse_rope', key, Math.min(20, n * 5), {
          target: xy(end),
          waypoint: end,
          goal: `move along the rope to (${xy(end).x},${xy(end).y})`,
          reason: 'hand over hand along the rope',
          scoreParts: { explore: 6 },
        }),
      );
    }
  }
  return out;
}

function safetyProposals(a: Analysis, facts: Facts): Proposal[] {
  const out: Proposal[] = [];
  if (facts.godMode) return out;
  const pressure = facts.guards.find((g) => g.id === facts.risk.pressureGuardId);
  if (!pressure || pressure.trapped) return out;
  const { x, y } = facts.runner;
  const danger = pressure.risk === 'critical' || pressure.risk === 'high' || pressure.risk === 'medium';
  if (!danger) return out;
  const away: 'left' | 'right' = pressure.x > x ? 'left' : 'right';
  if (facts.movement[away].ok) {
    out.push(
      proposal('retreat_from_guard', away, pressure.risk === 'critical' ? 5 : 8, {
        target: { x: away === 'left' ? Math.max(0, x - 2) : Math.min(27, x + 2), y },
        goal: `open distance from guard ${pressure.id} at (${pressure.x},${pressure.y})`,
        reason: `guard ${pressure.id} is ${pressure.distance} tiles away (${pressure.risk})`,
        scoreParts: { safety: pressure.risk === 'critical' ? 20 : pressure.risk === 'high' ? 12 : 6 },
        stopConditions: ['the guard stops closing'],
      }),
    );
  }
  for (const vert of ['up', 'down'] as const) {
    const towards = vert === 'up' ? pressure.y < y : pressure.y > y;
    if (!towards && facts.movement[vert].ok && (vert === 'down' ? true : facts.runner.onLadder)) {
      out.push(
        proposal('retreat_from_guard', vert, 8, {
          target: { x, y: vert === 'up' ? y - 1 : y + 1 },
          goal: `move ${vert} away from guard ${pressure.id}`,
          reason: `guard ${pressure.id} is ${pressure.distance} tiles away (${pressure.risk})`,
          scoreParts: { safety: pressure.risk === 'critical' ? 18 : 8 },
        }),
      );
    }
  }
  if (pressure.y === y && pressure.distance >= 2 && pressure.distance <= 6) {
    const side: 'left' | 'right' = pressure.x < x ? 'left' : 'right';
    if (facts.dig[side].ok) {
      out.push(
        proposal('defensive_dig', side === 'left' ? 'dig_left' : 'dig_right', 12, {
          target: { x: side === 'left' ? x - 1 : x + 1, y: y + 1 },
          goal: `dig a hole that guard ${pressure.id} will fall into`,
          reason: `guard ${pressure.id} approaches on this row from the ${side}, ${pressure.distance} tiles away`,
          scoreParts: { safety: 12, trap: pressure.closing ? 4 : 0 },
          stopConditions: ['the guard falls in and is trapped'],
        }),
      );
    }
  }
  if (pressure.risk !== 'critical' && pressure.y !== y) {
    out.push(
      proposal('wait_for_guard_clearance', 'stop', 6, {
        goal: `let guard ${pressure.id} pass`,
        reason: `guard ${pressure.id} is on row ${pressure.y}, ${pressure.distance} tiles away`,
        scoreParts: { safety: 5 },
      }),
    );
  }
  for (const e of a.graph.edges[a.source]) {
    if ((e.kind === 'fall' || e.kind === 'let_go') && dropsThroughOpenHole(a, e)) {
      out.push(
        proposal('escape_through_open_hole', e.key, Math.min(20, e.cost), {
          target: xy(e.to),
          waypoint: e.to,
          goal: `drop through the open hole to (${xy(e.to).x},${xy(e.to).y})`,
          reason: `guard ${pressure.id} is close; the open hole leads away`,
          scoreParts: { safety: 8 },
        }),
      );
    }
  }
  return out;
}

function environmentProposals(a: Analysis, facts: Facts): Proposal[] {
  const out: Proposal[] = [];
  const { x, y } = facts.runner;
  for (const h of facts.openHoles) {
    if (h.y === y + 1 && Math.abs(h.x - x) === 1 && h.ticksUntilRefill <= 20 && !facts.runner.falling) {
      out.push(
        proposal('wait_for_floor_refill', 'stop', Math.min(20, h.ticksUntilRefill + 1), {
          target: { x: h.x, y: h.y },
          goal: `wait ${h.ticksUntilRefill + 1} ticks for the hole at (${h.x},${h.y}) to refill`,
          reason: 'walking on would drop into a hole that is about to close',
          scoreParts: { environment: 10 },
        }),
      );
    }
  }
  const trapped = facts.guards.find((g) => g.trapped && g.actionName === 'in_hole' && Math.abs(g.x - x) <= 2 && g.y >= y && g.y <= y + 1);
  if (trapped) {
    out.push(
      proposal('wait_for_trap_resolution', 'stop', 6, {
        target: { x: trapped.x, y: trapped.y },
        goal: `watch guard ${trapped.id} trapped at (${trapped.x},${trapped.y})`,
        reason: 'a trapped guard next to the runner will climb out or die when the hole refills',
        scoreParts: { environment: 5 },
      }),
    );
  }
  return out;
}

/** Every proposal that applies now, before checks. */
export function proposeAll(inputs: CandidateInputs): Proposal[] {
  const { analysis: a, facts } = inputs;
  if (facts.activeDig) {
    const left = Math.max(1, 11 - facts.activeDig.frameIndex);
    return [
      proposal('wait_for_dig_completion', 'stop', left, {
        target: { x: facts.activeDig.x, y: facts.activeDig.y },
        goal: `let the dig at (${facts.activeDig.x},${facts.activeDig.y}) finish`,
        reason: `the runner is frozen while digging (frame ${facts.activeDig.frameIndex} of 11)`,
        scoreParts: { environment: 50 },
      }),
    ];
  }
  if (facts.runner.falling) {
    const land = xy(a.source);
    // A key pressed in mid-fall takes effect on landing, so a searched plan may choose it now.
    return [
      ...(inputs.extraProposals ?? []),
      proposal('continue_fall', 'stop', Math.min(20, Math.max(1, (land.y - facts.runner.y) * 5)), {
        target: land,
        waypoint: a.source,
        goal: `land at (${land.x},${land.y})`,
        reason: 'the runner is falling; keys wait until he lands',
        scoreParts: { progress: 40 },
      }),
    ];
  }
  const out: Proposal[] = [...(inputs.extraProposals ?? [])];
  if (facts.goldComplete) {
    const exits = exitCells(a)
      .map((c) => summariseRoute(a, c))
      .sort((p, q) => p.cost - q.cost)
      .slice(0, 3);
    for (const e of exits) {
      const p = routeProposal(a, facts, e, true, false);
      if (p) out.push(p);
    }
  } else {
    for (const g of facts.nearestGold) {
      if (g.routeCost === null) continue;
      const p = routeProposal(a, facts, summariseRoute(a, idx(g.x, g.y)), false, g.carried);
      if (p) out.push(p);
    }
  }
  out.push(...affordanceProposals(a, facts), ...safetyProposals(a, facts), ...environmentProposals(a, facts));
  out.push(
    proposal('wait_or_stop', 'stop', 4, {
      goal: 'stand still briefly',
      reason: 'nothing better is safe right now',
      scoreParts: { fallback: 2 },
    }),
  );
  return out;
}

function physicallyValid(facts: Facts, p: Proposal): string | null {
  switch (p.key) {
    case 'left':
    case 'right':
    case 'up':
    case 'down':
      return facts.movement[p.key].ok ? null : `cannot move ${p.key}: ${facts.movement[p.key].reason}`;
    case 'dig_left':
      return facts.dig.left.ok ? null : `cannot dig left: ${facts.dig.left.reason}`;
    case 'dig_right':
      return facts.dig.right.ok ? null : `cannot dig right: ${facts.dig.right.reason}`;
    default:
      return null;
  }
}

/**
 * Whether a candidate's first action is judged by the tile-level movement facts (the physical
 * check of the candidates and of the chart's choice checks alike). Not for the waits the engine
 * accepts in any state, nor for a searched plan's key pressed in mid-fall (it takes effect on
 * landing) or simulated exactly (off a tile's centre, or held against a wall as a survival
 * segment's wait): the facts would only second-guess them.
 */
export function judgedByMovementFacts(kind: CandidateKind, runnerFalling: boolean, simulated: boolean): boolean {
  if (kind === 'continue_fall' || kind === 'wait_for_dig_completion') return false;
  return !(kind === 'planned_route' && (runnerFalling || simulated));
}

/** Holds the key until the runner reaches the waypoint at rest, dies, or `maxTicks` pass. */
export function playOut(state: GameState, p: Proposal, maxTicks: number): { state: GameState; ticks: number; closest: number | null } {
  const s = cloneState(state, false);
  let closest = nearestGuardDistance(s);
  const fixed = p.waypoint === null || p.key === 'stop' || isDigKeyName(p.key);
  const limit = fixed ? Math.min(maxTicks, p.ticks) : maxTicks;
  let ticks = 0;
  for (let i = 0; i < limit; i++) {
    if (!advance(s, i === 0 ? KEY_OF[p.key] : undefined)) break;
    ticks++;
    const d = nearestGuardDistance(s);
    if (d !== null && (closest === null || d < closest)) closest = d;
    if (s.status !== 'running') break;
    if (!fixed) {
      const r = s.runner;
      if (idx(r.x, r.y) === p.waypoint && runnerSettled(r) && runnerCanAct(s)) break;
    }
  }
  return { state: s, ticks: Math.max(1, ticks), closest };
}

const riskFromDistance = (d: number | null): RiskLevel =>
  d === null ? 'none' : d < 1 ? 'critical' : d < 2 ? 'high' : d < 4 ? 'medium' : 'low';

function geometricSafety(facts: Facts, p: Proposal): string | null {
  const pressure = facts.guards.find((g) => g.id === facts.risk.pressureGuardId);
  if (!pressure || pressure.trapped) return null;
  const { x, y } = facts.runner;
  if ((p.key === 'left' || p.key === 'right') && pressure.y === y && pressure.risk !== 'low') {
    const toward = p.key === 'left' ? pressure.x < x : pressure.x > x;
    if (toward) return `moves toward guard ${pressure.id} on the same row (${pressure.risk} risk)`;
  }
  if (p.key === 'stop' && pressure.risk === 'critical') return `stands still next to guard ${pressure.id}`;
  return null;
}

function toCandidate(
  p: Proposal,
  outcome: Outcome | null,
  risk: RiskLevel,
  ticks: number,
  extraParts: Record<string, number> = {},
): Candidate {
  const scoreParts = { ...p.scoreParts, ...extraParts };
  if (outcome?.simulated) {
    if (outcome.goldTaken) scoreParts.goldTaken = 20 * outcome.goldTaken;
    if (outcome.closestGuardDistance !== null && outcome.closestGuardDistance < 1.5) scoreParts.guardApproach = -8;
  }
  const score = Object.values(scoreParts).reduce((s, v) => s + v, 0);
  const tx = p.target ? `${p.target.x}_${p.target.y}` : 'here';
  return {
    id: `${p.kind}_${tx}_${p.key}`,
    kind: p.kind,
    lane: p.lane,
    label: p.label,
    goal: p.goal,
    target: p.target,
    firstAction: { keyCode: KEY_OF[p.key], ticks, reason: p.reason },
    score,
    scoreParts,
    risk,
    preconditions: p.preconditions,
    stopConditions: p.stopConditions,
    outcome,
    stallBlocked: false,
    stallRecovery: false,
    ...(p.provenByPlan ? { provenByPlan: true } : {}),
  };
}

export function emergencyHold(reason: string, risk: Candidate['risk'] = 'none'): Candidate {
  return toCandidate(proposal('emergency_hold', 'stop', 2, { goal: 'hold still', reason, scoreParts: { fallback: 0 } }), null, risk, 2);
}

/**
 * The stall report never closes every door: when each shown candidate is stall-blocked, the
 * best-ranked one whose simulation survives (else the best-ranked) is opened again, its block
 * penalty taken back. Candidates carry the one verdict (`stallBlocked`) that the candidate lines,
 * the stall report section, the retry and the reply contract all read.
 */
export function keepOneOpen(list: readonly Candidate[]): Candidate[] {
  if (list.length === 0 || list.some((c) => !c.stallBlocked)) return [...list];
  const surviving = list.find((c) => c.outcome?.died !== true && c.outcome?.survivesAfter !== false) ?? list[0];
  const { stallBlocked: _penalty, ...parts } = surviving.scoreParts;
  const opened = {
    ...surviving,
    stallBlocked: false,
    scoreParts: parts,
    score: surviving.score - (surviving.scoreParts.stallBlocked ?? 0),
  };
  return list.map((c) => (c === surviving ? opened : c)).sort((p, q) => q.score - p.score || (p.id < q.id ? -1 : p.id > q.id ? 1 : 0));
}

/** Per analysis: the dig-relaxed graph of the lasting terrain and what the runner can reach in it. */
const lastingReach = new WeakMap<Analysis, { graph: NavGraph; fromRunner: Uint8Array }>();

/**
 * Per analysis: dig-relaxed graphs of the terrain as the candidates' end states leave it (holes
 * open), keyed by its open bricks, its gold and whether the hidden ladders are shown: the end
 * states of one decision share a few, so one is built per pattern, not per candidate and test.
 */
const terrainNow = new WeakMap<Analysis, Map<string, NavGraph>>();

/** The dig-relaxed graph of the terrain `s` leaves (holes open); null when no brick is open. */
function graphNow(a: Analysis, s: GameState, hiddenRevealed: boolean): NavGraph | null {
  let key = '';
  for (let i = 0; i < CELLS; i++) {
    const b = s.base[i];
    if (b === BLOCK && s.act[i] !== BLOCK) key += `o${i}`;
    else if (b === GOLD) key += `g${i}`;
  }
  if (!key.includes('o')) return null;
  key += hiddenRevealed ? 'h' : '';
  let graphs = terrainNow.get(a);
  if (!graphs) terrainNow.set(a, (graphs = new Map()));
  let graph = graphs.get(key);
  if (!graph) graphs.set(key, (graph = sharedNavGraph(terrainFromState(s, { hiddenRevealed }), { digDown: true })));
  return graph;
}

/**
 * The cells of `lasting` (a graph of the lasting terrain) the runner of `s` gets to: where he
 * comes to rest when no hole is open; else the lasting ground he can get to through the holes
 * still open (dropping into one below him, falling on through the one he is in, walking out of
 * it) — empty when he cannot leave the hole he is in, which the hole checks judge.
 */
function lastingCells(a: Analysis, lasting: NavGraph, s: GameState, hiddenRevealed: boolean): number[] {
  const { x, y } = s.runner;
  const now = graphNow(a, s, hiddenRevealed);
  return now ? lastingGroundReached(now, lasting, x, y) : [routingCell(lasting, x, y)];
}

/**
 * Whether an action leaves gold behind for good: gold the runner could get to (even digging
 * wherever a brick allows) before it, but not from where it leaves him — a drop into a pit, a
 * one-way fall past the only ladder, a hole whose only way on is down into a sealed pocket.
 */
function strandsGold(a: Analysis, s: GameState): boolean {
  const root = a.state;
  if (!root || s.goldComplete) return false;
  let reach = lastingReach.get(a);
  if (!reach) {
    const graph = sharedNavGraph(terrainFromState(root, { holesClosed: true }), { digDown: true });
    reach = { graph, fromRunner: reachableFrom(graph, routingCell(graph, root.runner.x, root.runner.y)) };
    lastingReach.set(a, reach);
  }
  const { graph, fromRunner } = reach;
  const cells = lastingCells(a, graph, s, false);
  if (cells.length === 0) return false;
  const here = reachableFrom(graph, cells);
  for (let i = 0; i < CELLS; i++) if (s.base[i] === GOLD && fromRunner[i] && !here[i]) return true;
  return false;
}

/** Per analysis: the dig-relaxed graph of the lasting terrain with the exit's hidden ladders shown, and whether the runner reaches the top row in it. */
const lastingExit = new WeakMap<Analysis, { graph: NavGraph; fromRunner: boolean }>();

/**
 * Whether an action leaves the exit behind for good: the runner could get to the top row (the
 * hidden ladders shown, digging wherever a brick allows) before it, but not from where it leaves
 * him — a trap door into a pit whose only ladder ends under a brick: its gold would end the level
 * there — nor from the lasting ground a hole he ends in leads to.
 */
function strandsExit(a: Analysis, s: GameState): boolean {
  const root = a.state;
  if (!root) return false;
  let exit = lastingExit.get(a);
  if (!exit) {
    const graph = sharedNavGraph(terrainFromState(root, { holesClosed: true, hiddenRevealed: true }), { digDown: true });
    exit = { graph, fromRunner: reachesTop(graph, reachableFrom(graph, routingCell(graph, root.runner.x, root.runner.y))) };
    lastingExit.set(a, exit);
  }
  const { graph, fromRunner } = exit;
  if (!fromRunner) return false;
  const cells = lastingCells(a, graph, s, true);
  return cells.length > 0 && !reachesTop(graph, reachableFrom(graph, cells));
}

function reachesTop(graph: NavGraph, cells: Uint8Array): boolean {
  for (let x = 0; x < 28; x++) if (cells[x] && graph.rest[x]) return true;
  return false;
}

/**
 * Whether a planned route's action (its key held `played` ticks) is exactly the start of its
 * plan, and the plan from there survives: a goal or partial plan ends in a state that holds out;
 * an escape must still have SURVIVAL_HORIZON ticks to run.
 */
function planCoversAction(p: Proposal, played: number): boolean {
  const plan = p.plan!;
  let sameKey = 0;
  for (const m of plan.macros) {
    if (m.key !== p.key || (sameKey > 0 && isDigKeyName(m.key))) break;
    sameKey += m.ticks;
  }
  if (played > sameKey) return false;
  return plan.mode !== 'escape' || plan.ticks - played >= SURVIVAL_HORIZON;
}

/** Checks one proposal; returns the candidate or why it was rejected. */
export function checkProposal(
  inputs: CandidateInputs,
  p: Proposal,
): { candidate: Candidate; end?: GameState } | { rejected: 'physical_rejection' | 'safety_rejection'; why: string; candidate: Candidate } {
  const { analysis: a, facts, options } = inputs;
  const maxTicks = Math.min(options.maxActionTicks, 20);
  const exempt = !judgedByMovementFacts(p.kind, facts.runner.falling, Boolean(a.state) && options.simulate);
  const physical = exempt ? null : physicallyValid(facts, p);
  if (physical)
    return { rejected: 'physical_rejection', why: physical, candidate: toCandidate(p, null, 'none', Math.min(p.ticks, maxTicks)) };
  if (a.state && options.simulate) {
    const run = playOut(a.state, p, maxTicks);
    const s = run.state;
    const died = s.status === 'runner_dead';
    // a planned route whose action plays exactly the start of its plan is proven by the plan: the
    // rest is the simulated future, and the plan's end holds out (the generic look-ahead, a
    // bounded depth-first search, misses escapes the plan search found)
    const provenAlive = !died && p.plan !== undefined && planCoversAction(p, run.ticks);
    const alive = died ? false : facts.godMode || provenAlive ? true : survives(s, SURVIVAL_HORIZON);
    const outcome: Outcome = {
      simulated: true,
      runner: { x: s.runner.x, y: s.runner.y },
      ticks: run.ticks,
      goldTaken: Math.max(0, a.state.goldCount - s.goldCount),
      died,
      deathCause: s.deathCause,
      closestGuardDistance: run.closest === null ? null : Math.round(run.closest * 10) / 10,
      survivesAfter: died ? false : alive,
    };
    // Progress: how many ticks closer to the nearest target the action leaves the runner.
    const before = a.toGo[a.source];
    const landed = routingCell(a.graph, s.runner.x, s.runner.y);
    const after = a.toGo[landed];
    const parts: Record<string, number> = {};
    let trapped = false;
    if (after >= UNREACHABLE) {
      if (before < UNREACHABLE && outcome.goldTaken === 0 && !s.goldComplete) parts.deadEnd = -60;
      trapped = a.terrain.openHole[landed] === 1 || (s.base[landed] === 1 && s.act[landed] !== 1);
    } else if (before < UNREACHABLE) {
      const credit = p.kind === 'dig_route' ? DIG_TICKS : 0;
      parts.progress = Math.round(((before - after + credit) / TICKS_PER_TILE) * 10) / 10;
    }
    // the plan search judged its own plan's end; anything else must not strand gold or the exit
    if (p.kind !== 'planned_route' && strandsGold(a, s)) parts.strandsGold = -80;
    if (p.kind !== 'planned_route' && strandsExit(a, s)) parts.strandsExit = -80;
    const c = toCandidate(p, outcome, riskFromDistance(run.closest), run.ticks, parts);
    if (p.plan) {
      const commitment = commitmentFor(p.plan, s, run.ticks, p.plan.searchedAtTick);
      if (commitment) c.commitment = commitment;
    }
    // a hole the plan drops into is one it climbs out of in time (the exact simulation of the
    // plan says so), whatever the plan's mode
    if (trapped && !p.provenByPlan && !provenAlive && !s.goldComplete && outcome.goldTaken === 0)
      return { rejected: 'safety_rejection', why: 'ends inside a hole with no way out before it refills', candidate: c };
    if (died && (!facts.godMode || s.deathCause === 'hole'))
      return { rejected: 'safety_rejection', why: `the simulated action kills the runner (${s.deathCause})`, candidate: c };
    if (!alive) return { rejected: 'safety_rejection', why: `no way to stay alive for ${SURVIVAL_HORIZON} ticks afterwards`, candidate: c };
    return { candidate: c, end: s };
  }
  const pressure = facts.guards.find((g) => g.id === facts.risk.pressureGuardId);
  let ticks = Math.min(p.ticks, maxTicks);
  if ((p.key === 'left' || p.key === 'right') && pressure && (pressure.risk === 'high' || pressure.risk === 'critical'))
    ticks = Math.min(ticks, 4);
  const c = toCandidate(p, null, pressure && !pressure.trapped ? pressure.risk : 'none', ticks);
  const unsafe = facts.godMode ? null : geometricSafety(facts, p);
  if (unsafe) return { rejected: 'safety_rejection', why: unsafe, candidate: c };
  return { candidate: c };
}

export function buildCandidates(inputs: CandidateInputs): CandidateSet {
  const { options } = inputs;
  const dispositions: Disposition[] = [];
  const byId = new Map<string, Candidate>();
  // Candidates whose first action is survivable but after which the (depth-limited) survival
  // search found no escape. When every candidate ends like that, moving on beats standing still
  // next to the guards, so they are re-admitted with a penalty instead of leaving only a hold.
  const noEscape: Candidate[] = [];
  const endStates = new Map<string, GameState>();
  for (const p of proposeAll(inputs)) {
    const checked = checkProposal(inputs, p);
    const c = checked.candidate;
    if ('rejected' in checked) {
      dispositions.push({ id: c.id, kind: c.kind, disposition: checked.rejected, why: checked.why });
      if (checked.rejected === 'safety_rejection' && c.outcome && !c.outcome.died && c.outcome.survivesAfter === false) noEscape.push(c);
      continue;
    }
    const prev = byId.get(c.id);
    if (prev) {
      const [keep, drop] = prev.score >= c.score ? [prev, c] : [c, prev];
      byId.set(c.id, keep);
      if (keep === c && checked.end) endStates.set(c.id, checked.end);
      dispositions.push({ id: drop.id, kind: drop.kind, disposition: 'deduplicated', why: `same id as a higher-scoring ${keep.kind}` });
      continue;
    }
    byId.set(c.id, c);
    if (checked.end) endStates.set(c.id, checked.end);
  }
  if (![...byId.values()].some((c) => c.lane !== 'fallback') && noEscape.length > 0) {
    const hold = emergencyHold('no candidate passed the survival search; holding still is the other option', 'critical');
    byId.set(hold.id, hold);
    for (const c of noEscape) {
      if (byId.has(c.id)) continue;
      const readmitted = { ...c, risk: 'critical' as const, scoreParts: { ...c.scoreParts, noEscapeFound: -40 } };
      readmitted.score = Object.values(readmitted.scoreParts).reduce((sum, v) => sum + v, 0);
      byId.set(c.id, readmitted);
    }
  }
  let list = [...byId.values()];
  if (inputs.stall && inputs.stall.severity !== 'none' && inputs.adjustForStall) {
    const adjusted = inputs.adjustForStall(list, inputs.stall);
    list = adjusted.candidates;
    dispositions.push(...adjusted.dispositions);
  }
  list.sort((p, q) => q.score - p.score || (p.id < q.id ? -1 : p.id > q.id ? 1 : 0));
  // the plan sets the bar: a candidate ranked above it must keep the runner alive as long
  if (inputs.analysis.state && options.simulate && !inputs.facts.godMode) {
    const plan = inputs.extraProposals?.find((p) => p.plan)?.plan ?? null;
    const search = { ...DEFAULT_PLAN_SEARCH, ...inputs.planSearch };
    const outlasted = dropOutlasted(list, endStates, plan, search.trapChecks ? search : null);
    list = outlasted.candidates;
    dispositions.push(...outlasted.dispositions);
  }
  for (const c of list.slice(options.candidateLimit)) {
    dispositions.push({ id: c.id, kind: c.kind, disposition: 'limit_truncated', why: `beyond the ${options.candidateLimit} best` });
  }
  list = keepOneOpen(list.slice(0, options.candidateLimit));
  if (list.length === 0) list = [emergencyHold('every proposal was rejected; holding still is the only option left')];
  for (const c of list) dispositions.push({ id: c.id, kind: c.kind, disposition: 'exposed', why: `score ${c.score}` });
  return { candidates: list, dispositions };
}
