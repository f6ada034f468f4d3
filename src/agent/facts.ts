// The state summary (agent-planner §2): runner, guards with risk, gold and the nearest gold by
// route cost, the primary progress target, affordances with reasons, ladder detail, route
// access and guard pressure. Reads an Analysis; returns plain, schema-shaped data.
import { BAR, BLOCK, LADDR, SOLID, idx } from '../game/constants.js';
import { canDig, runnerCanAct } from '../game/rules/runner.js';
import type { Analysis } from './analysis.js';
import { UNREACHABLE, passCost, routeTo, type NavEdge } from './nav.js';
import type { Facts, RiskLevel } from './schemas.js';
import { CONTACT_HORIZON, firstContact, trapsAndHoles } from './forecast.js';

const RISK_ORDER: Record<RiskLevel, number> = { none: 0, low: 1, medium: 2, high: 3, critical: 4 };

export function riskOf(distance: number, trapped: boolean): RiskLevel {
  if (trapped) return 'low';
  if (distance <= 1) return 'critical';
  if (distance <= 3) return 'high';
  if (distance <= 5) return 'medium';
  return 'low';
}

const wallChars = new Set(['#', '@', 'X']);

function movementFacts(a: Analysis): Facts['movement'] {
  const { snapshot } = a;
  const { x, y, xOffset, yOffset } = snapshot.runner;
  const at = (cx: number, cy: number) => snapshot.grid[cy]?.[cx] ?? '@';
  const baseAt = (cx: number, cy: number) => snapshot.terrainGrid[cy]?.[cx] ?? '@';
  const left =
    xOffset > 0
      ? { ok: true, reason: 'can re-centre to the left' }
      : x <= 0
        ? { ok: false, reason: 'at the left edge' }
        : wallChars.has(at(x - 1, y))
          ? { ok: false, reason: `wall '${at(x - 1, y)}' on the left` }
          : { ok: true, reason: 'open to the left' };
  const right =
    xOffset < 0
      ? { ok: true, reason: 'can re-centre to the right' }
      : x >= 27
        ? { ok: false, reason: 'at the right edge' }
        : wallChars.has(at(x + 1, y))
          ? { ok: false, reason: `wall '${at(x + 1, y)}' on the right` }
          : { ok: true, reason: 'open to the right' };
  const onLadder = baseAt(x, y) === 'H';
  const ladderBelow = y < 15 && baseAt(x, y + 1) === 'H';
  const blockedAbove = y <= 0 || wallChars.has(at(x, y - 1));
  const up =
    onLadder || (yOffset > 0 && ladderBelow)
      ? blockedAbove && yOffset <= 0
        ? { ok: false, reason: y <= 0 ? 'already on the top row' : 'blocked above' }
        : { ok: true, reason: 'ladder goes up' }
      : { ok: false, reason: 'no ladder here (UP needs a ladder)' };
  const belowChar = y < 15 ? at(x, y + 1) : '@';
  const down =
    y >= 15
      ? { ok: false, reason: 'on the bottom row' }
      : belowChar === '#' || belowChar === '@'
        ? yOffset < 0
          ? { ok: true, reason: 'can settle down' }
          : { ok: false, reason: `floor '${belowChar}' below` }
        : { ok: true, reason: belowChar === 'H' ? 'ladder below' : 'open below (will drop)' };
  return { left, right, up, down };
}

function digFacts(a: Analysis): Facts['dig'] {
  const side = (dir: -1 | 1) => {
    if (a.state) {
      const ok = canDig(a.state, dir) && runnerCanAct(a.state);
      return { ok, reason: ok ? 'brick below-side with room above' : digReason(a, dir) };
    }
    const reason = digReason(a, dir);
    return { ok: reason === '', reason: reason || 'brick below-side with room above' };
  };
  return { left: side(-1), right: side(1) };
}

/** Why a dig to `dir` is not allowed ('' when it is), per game-mechanics §4. */
function digReason(a: Analysis, dir: -1 | 1): string {
  const { x, y } = a.snapshot.runner;
  const tx = x + dir;
  if (y >= 15 || tx < 0 || tx > 27) return 'no brick there (edge of the board)';
  const brick = a.snapshot.grid[y + 1][tx];
  if (brick !== '#') {
    if (a.terrain.openHole[idx(tx, y + 1)] === 1) return 'that brick is already dug (an open hole)';
    return brick === ' ' ? 'no brick there (empty)' : `'${brick}' below-side is not a diggable brick`;
  }
  const above = a.snapshot.grid[y][tx];
  if (above === '$' || a.snapshot.baseGrid[y][tx] === '$') return 'gold sits on that brick';
  if (above !== ' ') return `'${above}' above the brick`;
  if (a.state && !runnerCanAct(a.state)) return 'falling';
  return '';
}

function guardFacts(a: Analysis, releases: Map<number, NonNullable<Facts['guards'][number]['release']>>): Facts['guards'] {
  const { runner, guards } = a.snapshot;
  return guards.slice(0, 6).map((g) => {
    const trapped = g.actionName === 'in_hole' || g.actionName === 'reborn';
    const distance = Math.abs(g.x - runner.x) + Math.abs(g.y - runner.y);
    const closing =
      g.y === runner.y && ((g.actionName === 'left' && g.x > runner.x) || (g.actionName === 'right' && g.x < runner.x) || distance <= 1);
    return {
      id: g.id,
      x: g.x,
      y: g.y,
      actionName: g.actionName,
      hasGold: g.hasGold > 0,
      distance,
      risk: riskOf(distance, trapped),
      closing,
      trapped,
      ...(trapped && releases.has(g.id) ? { release: releases.get(g.id)! } : {}),
    };
  });
}

export interface RouteSummary {
  cell: number;
  cost: number;
  route: NavEdge[];
  needsDig: boolean;
}

export function summariseRoute(a: Analysis, cell: number): RouteSummary {
  const { cost, via } = passCost(a.graph, a.routes, cell);
  if (cost >= UNREACHABLE) return { cell, cost: UNREACHABLE, route: [], needsDig: false };
  const end = a.routes.dist[cell] < UNREACHABLE ? cell : via!.to;
  const route = routeTo(a.routes, end);
  return { cell, cost, route, needsDig: route.some((e) => e.kind === 'dig_drop') };
}

/** Extra cost for routes passing next to an active guard, so the primary target prefers safe routes. */
function guardPenalty(a: Analysis, route: NavEdge[]): number {
  let penalty = 0;
  const live = a.snapshot.guards.filter((g) => g.actionName !== 'in_hole' && g.actionName !== 'reborn');
  for (const e of route.slice(0, 12)) {
    const cx = e.to % 28;
    const cy = (e.to / 28) | 0;
    for (const g of live) if (Math.abs(g.x - cx) + Math.abs(g.y - cy) <= 1) penalty += 40;
  }
  return penalty;
}

export function exitCells(a: Analysis): number[] {
  const out: number[] = [];
  for (let x = 0; x < 28; x++) if (a.graph.rest[idx(x, 0)] && a.routes.dist[idx(x, 0)] < UNREACHABLE) out.push(idx(x, 0));
  return out;
}

export function buildFacts(a: Analysis): Facts {
  const { snapshot } = a;
  const r = snapshot.runner;
  const tiles = a.terrain.tiles;
  const here = tiles[idx(r.x, r.y)];
  const falling = a.state
    ? !runnerCanAct(a.state)
    : !(
        here === LADDR ||
        (here === BAR && r.yOffset === 0) ||
        (r.yOffset >= 0 && (r.y === 15 || [BLOCK, SOLID, LADDR].includes(tiles[idx(r.x, r.y + 1)])))
      );
  // The stand-still forecast (exact engine): trapped guards' release, holes' refill, first contact.
  const traps = a.state ? trapsAndHoles(a.state) : null;
  const releases = new Map((traps?.releases ?? []).map((r) => [r.guardId, { ticks: r.ticks, how: r.how }]));
  const guards = guardFacts(a, releases);

  const carried = snapshot.gold.carriedByGuards;
  const goldTargets = [
    ...snapshot.gold.visiblePositions.map((c) => ({ ...c, carried: false })),
    ...carried.map((c) => ({ x: c.x, y: c.y, carried: true, id: c.id })),
  ].map((g) => {
    const s = summariseRoute(a, idx(g.x, g.y));
    const reachable = s.cost < UNREACHABLE;
    const carrier = 'id' in g ? (g as { id: number }).id : null;
    const unreachableReason = reachable
      ? null
      : g.carried
        ? `carried by guard ${carrier}, dropped later`
        : 'sealed: no route from here, not even digging a brick on the way';
    return { ...g, sameRow: g.y === r.y, routeCost: reachable ? s.cost : null, needsDig: s.needsDig, unreachableReason, summary: s };
  });
  goldTargets.sort(
    (p, q) =>
      Number(q.sameRow) - Number(p.sameRow) ||
      Number(p.carried) - Number(q.carried) ||
      (p.routeCost ?? UNREACHABLE) - (q.routeCost ?? UNREACHABLE) ||
      p.y - q.y ||
      p.x - q.x,
  );

  // Primary target: the cheapest route once routes next to active guards are penalised.
  let primary: { kind: 'gold' | 'exit'; summary: RouteSummary; effective: number } | null = null;
  const consider = (kind: 'gold' | 'exit', summary: RouteSummary) => {
    if (summary.cost >= UNREACHABLE) return;
    const effective = summary.cost + guardPenalty(a, summary.route);
    if (!primary || effective < primary.effective) primary = { kind, summary, effective };
  };
  if (snapshot.gold.complete) for (const c of exitCells(a)) consider('exit', summariseRoute(a, c));
  else for (const g of goldTargets.filter((t) => !t.carried)) consider('gold', g.summary);
  if (!primary && !snapshot.gold.complete) for (const g of goldTargets.filter((t) => t.carried)) consider('gold', g.summary);
  const chosen = primary as { kind: 'gold' | 'exit'; summary: RouteSummary; effective: number } | null;
  const primaryTarget: Facts['primaryProgressTarget'] = chosen
    ? {
        kind: chosen.kind,
        x: chosen.summary.cell % 28,
        y: (chosen.summary.cell / 28) | 0,
        routeCost: chosen.summary.cost,
        needsDig: chosen.summary.needsDig,
        firstMove: chosen.summary.route[0]?.key ?? 'none',
      }
    : null;

  const rowLadders: number[] = [];
  for (let x = 0; x < 28; x++) if (tiles[idx(x, r.y)] === LADDR) rowLadders.push(x);

  const primaryRoute = chosen?.summary ?? null;
  const digEdge = primaryRoute?.route.find((e) => e.kind === 'dig_drop') ?? null;
  let guardBelowUnsafe = false;
  if (digEdge) {
    const lx = digEdge.to % 28;
    const ly = (digEdge.to / 28) | 0;
    guardBelowUnsafe = guards.some((g) => !g.trapped && Math.abs(g.x - lx) <= 2 && g.y >= ly - 1 && g.y <= ly + 2);
  }
  const firstIsDig = primaryRoute?.route[0]?.kind === 'dig_drop';
  const routeAccess: Facts['routeAccess'] = {
    goldBelowNeedsDig: Boolean(digEdge),
    digSide: firstIsDig ? (primaryRoute!.route[0].key === 'dig_left' ? 'left' : 'right') : null,
    target: digEdge ? { x: digEdge.dig % 28, y: (digEdge.dig / 28) | 0 } : null,
    guardBelowUnsafe,
    reason: digEdge
      ? `the route to the target digs the brick at (${digEdge.dig % 28},${(digEdge.dig / 28) | 0})${guardBelowUnsafe ? ', but a guard waits near the landing' : ''}`
      : 'the target is reachable without digging',
  };

  // Pressure guard: highest risk; ties go to a guard on the runner's row, then the nearer one.
  const rank = (g: (typeof guards)[number]) => [RISK_ORDER[g.risk], Number(g.y === r.y), -g.distance];
  let pressure: (typeof guards)[number] | null = null;
  for (const g of guards) {
    if (!pressure) pressure = g;
    else {
      const [a1, b1, c1] = rank(g);
      const [a2, b2, c2] = rank(pressure);
      if ((a1 - a2 || b1 - b2 || c1 - c2) > 0) pressure = g;
    }
  }
  const contact = a.state && !snapshot.godMode ? firstContact(a.state) : null;
  const ticksToContact = contact?.ticks ?? null;

  const ladderAbove = r.y > 0 && tiles[idx(r.x, r.y - 1)] === LADDR;
  const ladderBelow = r.y < 15 && tiles[idx(r.x, r.y + 1)] === LADDR;
  return {
    gameState: snapshot.gameStateName,
    tick: snapshot.tick,
    godMode: snapshot.godMode,
    goldComplete: snapshot.gold.complete,
    runner: {
      x: r.x,
      y: r.y,
      xOffset: r.xOffset,
      yOffset: r.yOffset,
      actionName: r.actionName,
      falling,
      inHole: a.terrain.openHole[idx(r.x, r.y)] === 1,
      onLadder: here === LADDR,
      onRope: here === BAR,
    },
    guards,
    gold: {
      remaining: snapshot.gold.remainingCount,
      visible: snapshot.gold.visiblePositions,
      carried: carried.map((c) => ({ id: c.id, x: c.x, y: c.y })),
    },
    nearestGold: goldTargets.slice(0, 5).map(({ x, y, carried: c, sameRow, routeCost, needsDig, unreachableReason }) => ({
      x,
      y,
      carried: c,
      sameRow,
      routeCost,
      needsDig,
      unreachableReason,
    })),
    primaryProgressTarget: primaryTarget,
    rowLadders,
    movement: movementFacts(a),
    dig: digFacts(a),
    ladder: { onLadder: here === LADDR, ladderAbove, ladderBelow, atTop: here !== LADDR && ladderBelow },
    routeAccess,
    risk: {
      level: pressure?.risk ?? 'none',
      pressureGuardId: pressure?.id ?? null,
      ticksToContact,
      ...(a.state && !snapshot.godMode ? { firstContact: contact, contactHorizon: CONTACT_HORIZON } : {}),
    },
    activeDig: snapshot.activeDig
      ? {
          x: snapshot.activeDig.x,
          y: snapshot.activeDig.y,
          direction: snapshot.activeDig.direction,
          frameIndex: snapshot.activeDig.frameIndex,
        }
      : null,
    openHoles: traps
      ? snapshot.openHoles.map((h) => ({ ...h, ticksUntilRefill: traps.refills[`${h.x},${h.y}`] ?? h.ticksUntilRefill }))
      : snapshot.openHoles,
    simulated: a.state !== null && a.state !== undefined,
  };
}
