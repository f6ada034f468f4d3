// The plan search's moves: tile-sized macros (step to the next resting cell, falls included;
// dig left/right; wait) run in place on an engine copy, which of them are worth trying from a
// state, and a node's children with their ticks charged to the budget and their estimate.
// Reads the search context; writes only the copies it makes (and the parent's own state on its
// last use).
import { BLOCK, GOLD, GUARD, HOLE_OPEN_TICKS, LADDR, MAX_X, MAX_Y, SOLID, TRAP, idx } from '../../game/constants.js';
import { canDig, runnerCanAct } from '../../game/rules/runner.js';
import { cloneState } from '../../game/serialize.js';
import type { GameState } from '../../game/state.js';
import { advance } from '../../game/tick.js';
import { KEY_OF, type KeyName } from '../keys.js';
import { UNREACHABLE, routingCell } from '../nav.js';
import { runnerSettled } from '../sim.js';
import { hashState } from './frontier.js';
import { madeProgress } from './goals.js';
import { finishedOrAtExit, guardDistance } from './measures.js';
import { estimate, fieldFor, opensPocket, sortieEstimate } from './reach.js';
import { TRAP_WAIT_TICKS, guardTrappedAt, trapWorthTrying } from './guardTrap.js';
import { firstRefill, holeWaitWorthTrying } from './holeWait.js';
import { stairDepths, stairSteps, stairsWorthTrying, type StairDepth, type StairTop } from './stairs.js';
import type { MacroKind, Node, PlanSearchOptions, SearchContext } from './types.js';

const MOVE_KEYS: KeyName[] = ['left', 'right', 'up', 'down'];
const BACKING_ONLY: readonly StairTop[] = ['backing'];
const BOTH_TOPS: readonly StairTop[] = ['backing', 'behind'];
const MAX_MOVE_TICKS = 90;

/**
 * Runs one macro on `s` in place; returns the ticks it took, or -1 when it does nothing (a wall,
 * no ladder, a dig that is not allowed). A move ends when the runner rests in another cell (or
 * centred in his own, from mid-tile); a dig ends when the dig is over; a wait after `waitTicks`.
 * A move held still for four ticks did nothing, unless `restingMoves` and it got somewhere: then
 * it ends there (a drop down a shaft walled on both sides onto a ladder's top rests off the
 * tile's centre, where the key held does nothing more).
 */
export function runMacro(
  s: GameState,
  kind: MacroKind,
  key: KeyName,
  waitTicks: number,
  track: { closest: number },
  restingMoves = false,
): number {
  const r = s.runner;
  const x0 = r.x;
  const y0 = r.y;
  const centred = runnerSettled(r);
  const code = KEY_OF[key];
  let ran = 0;
  const limit = kind === 'wait' ? waitTicks : kind === 'dig' ? 40 : MAX_MOVE_TICKS;
  let lastX = r.x * 64 + r.xOffset;
  let lastY = r.y * 64 + r.yOffset;
  let still = 0;
  for (let i = 0; i < limit; i++) {
    if (!advance(s, i === 0 ? code : undefined)) return ran === 0 ? -1 : ran;
    ran++;
    const d = guardDistance(s);
    if (d < track.closest) track.closest = d;
    if (s.status !== 'running' || finishedOrAtExit(s)) return ran;
    if (kind === 'dig') {
      if (i === 0 && s.dig === null) return -1;
      if (s.dig === null) return ran;
      continue;
    }
    if (kind === 'wait') continue;
    const px = r.x * 64 + r.xOffset;
    const py = r.y * 64 + r.yOffset;
    if (px === lastX && py === lastY) {
      if (++still >= 4) return restingMoves && (r.x !== x0 || r.y !== y0) ? ran : -1;
    } else still = 0;
    lastX = px;
    lastY = py;
    if (runnerSettled(r) && (r.x !== x0 || r.y !== y0 || !centred) && runnerCanAct(s) && (r.yOffset === 0 || sideOpen(s))) return ran;
  }
  return kind === 'move' ? -1 : ran;
}

/**
 * Whether the runner's cell opens to a side (no brick or concrete there): the ladder cells worth
 * stopping at on the way up or down. Elsewhere in a shaft a stop only multiplies the states.
 */
function sideOpen(s: GameState): boolean {
  const { x, y } = s.runner;
  const at = idx(x, y);
  return (x > 0 && s.act[at - 1] !== BLOCK && s.act[at - 1] !== SOLID) || (x < 27 && s.act[at + 1] !== BLOCK && s.act[at + 1] !== SOLID);
}

/** Guards this close (tiles) make any dig worth trying: a trap in front of a closing guard. */
const TRAP_RANGE = 6;

/**
 * Whether digging to side `dir` is worth simulating: a guard is near (a trap), the dug brick
 * leads closer to the target on the dig-relaxed graph (a shaft, a staircase, a drop), or, with
 * `passages`, it opens a way out of a pocket from the ladder beside it (reach.ts, opensPocket).
 * Digs are possible almost everywhere on brick floors; trying them all would spend half the budget.
 */
function digWorthTrying(ctx: SearchContext, s: GameState, h: number, dir: -1 | 1, passages: boolean): boolean {
  if (guardDistance(s) < TRAP_RANGE) return true;
  const { graph, toGo } = fieldFor(ctx, s);
  const r = s.runner;
  const bx = r.x + dir;
  const brick = idx(bx, r.y + 1);
  // where a runner dropping through the dug brick comes to rest: the cell below it when that is
  // floor, or further down when the brick opens onto a drop (a pit's floor dug out)
  const landing = routingCell(graph, bx, r.y + 1);
  if (toGo[brick]! < h || toGo[landing]! < h) return true;
  // a drop through the brick that passes gold on its way down (the estimate counts it as reached)
  if (!s.goldComplete) for (let c = brick + 28; c <= landing; c += 28) if (s.base[c] === GOLD) return true;
  // a passage out of a pocket, dug from outside before going in
  return passages && opensPocket(ctx, s, dir);
}

/**
 * Whether a step to side `dir` certainly does nothing: the runner stands centred against a
 * wall, brick or trap door, on ground that stays (not a guard's head), not digging, with no
 * guard within two tiles, no hole refilling within five ticks (it kills whoever is in it, and a
 * dead guard is reborn anywhere on top) and no guard being reborn. runMacro would give such a
 * step up after four still ticks and charge nothing, so leaving it out changes no plan; it saves
 * the copy and the ticks (one copy in seven, and a tenth more ticks than the budget counts, on
 * the slowest decisions of the agent's own play).
 */
export function againstWall(s: GameState, dir: -1 | 1): boolean {
  const r = s.runner;
  if (s.status !== 'running' || s.dig !== null || (s.goldComplete && r.y === 0) || r.yOffset !== 0) return false;
  if (dir < 0 ? r.xOffset > 0 : r.xOffset < 0) return false;
  const tx = r.x + dir;
  if (tx >= 0 && tx <= MAX_X) {
    const side = s.act[idx(tx, r.y)];
    if (side !== BLOCK && side !== SOLID && side !== TRAP) return false;
  }
  if (r.y < MAX_Y && s.act[idx(r.x, r.y + 1)] === GUARD) return false;
  // a hole that refills within the still ticks kills whoever is in it (a guard is reborn on top)
  for (const hole of s.holes) if (s.tick + 5 - hole.openedAt >= HOLE_OPEN_TICKS) return false;
  return s.reborns.length === 0 && guardDistance(s, true) >= 2;
}

/** The macros worth trying from a state (those that certainly do nothing are left out; with `everyDig`, every dig the rules allow). */
function macroOptions(ctx: SearchContext, s: GameState, h: number, passages: boolean, everyDig: boolean): [MacroKind, KeyName][] {
  if (s.status === 'start') return MOVE_KEYS.map((k) => ['move', k]);
  // falling: the key held on landing decides what he does next
  if (!runnerCanAct(s))
    return [
      ['move', 'left'],
      ['move', 'right'],
      ['move', 'down'],
      ['wait', 'stop'],
    ];
  const r = s.runner;
  const out: [MacroKind, KeyName][] = [];
  if (!againstWall(s, -1)) out.push(['move', 'left']);
  if (!againstWall(s, 1)) out.push(['move', 'right']);
  const at = idx(r.x, r.y);
  if (s.base[at] === LADDR || r.yOffset !== 0) out.push(['move', 'up']);
  if (r.y < 15) {
    const below = s.act[at + 28];
    if ((below !== BLOCK && below !== SOLID) || r.yOffset !== 0) out.push(['move', 'down']);
  }
  for (const dir of [-1, 1] as const)
    if (canDig(s, dir) && (everyDig || digWorthTrying(ctx, s, h, dir, passages))) out.push(['dig', dir < 0 ? 'dig_left' : 'dig_right']);
  out.push(['wait', 'stop']);
  return out;
}

/**
 * The live children of a node, one per macro that does something (budget charged). With
 * `lastUse`, nothing reads the node's state after this call, so the last macro runs on it
 * instead of on a copy: one copy fewer per expansion. `seen` holds the caller's state keys: a
 * child whose key is in it is left out before its estimate is taken, and a child kept adds its key.
 */
export function childrenOf(ctx: SearchContext, n: Node, opts: PlanSearchOptions, lastUse: boolean, seen: Set<string>): Node[] {
  const out: Node[] = [];
  // compound choices first: the last plain macro below may run on the node's own state
  if (opts.stairs)
    for (const top of opts.stairsDugBehind ? BOTH_TOPS : BACKING_ONLY)
      for (const dir of [-1, 1] as const)
        for (const depth of stairDepths(opts.stairDepthMax)) {
          if (!stairsWorthTrying(ctx, n.state, n.h, dir, depth, opts.wideMacros, top)) continue;
          const child = stairsChild(ctx, n, dir, depth, top, seen);
          if (child) out.push(child);
        }
  if (opts.guardTraps)
    for (const dir of [-1, 1] as const) {
      if (!trapWorthTrying(n.state, dir)) continue;
      const child = trapChild(ctx, n, dir, seen);
      if (child) out.push(child);
    }
  if (opts.holeWaits && holeWaitWorthTrying(n.state)) {
    const child = holeWaitChild(ctx, n, seen);
    if (child) out.push(child);
  }
  // on a sortie (gold taken, not yet back on ground) any dig may be the way out
  const everyDig = opts.wideMacros === true || (ctx.sortieDigs && n.h > 0 && madeProgress(ctx, n.state));
  const options = macroOptions(ctx, n.state, n.h, opts.pocketPassages, everyDig);
  for (let o = 0; o < options.length; o++) {
    const [kind, key] = options[o]!;
    const s = lastUse && o === options.length - 1 ? n.state : cloneState(n.state, false);
    const track = { closest: 99 };
    const ran = runMacro(s, kind, key, opts.waitTicks, track, opts.restingMoves);
    if (ran > 0) ctx.budget -= ran;
    if (ran <= 0 || s.status === 'runner_dead') continue;
    const child = finish(ctx, extend(n, s, kind, key, ran, track.closest), seen);
    if (!child) continue;
    // Brushing past a guard is allowed when the simulation says it is survivable, but costs.
    child.g += track.closest < 1.5 ? 12 : track.closest < 2.5 ? 4 : 0;
    out.push(child);
  }
  return out;
}

/** The node a macro leads to from `n` (for a compound choice's steps, each shares the compound's engine copy). */
function extend(n: Node, s: GameState, kind: MacroKind, key: KeyName, ran: number, closest: number): Node {
  return {
    state: s,
    parent: n,
    macro: { kind, key, ticks: ran, to: { x: s.runner.x, y: s.runner.y } },
    depth: n.depth + 1,
    ticks: n.ticks + ran,
    g: n.g + ran,
    closest: Math.min(n.closest, closest),
    h: 0,
    f: 0,
  };
}

/**
 * A child with its estimate, or null when it ends where no target is reachable or in a state
 * already seen (checked first: the estimate is the dearer half, and most duplicates are waits).
 */
function finish(ctx: SearchContext, node: Node, seen: Set<string>): Node | null {
  const s = node.state;
  const key = hashState(s);
  if (seen.has(key)) return null;
  // a state that made progress estimates zero: its next target is the next decision's business
  // (or, inside a pocket it can only leave through holes, its way back to lasting ground)
  const h = madeProgress(ctx, s) ? sortieEstimate(ctx, s) : estimate(ctx, s);
  // A dead end (no route to any target even with digging, e.g. a pit) is not entered unless the
  // root is in one already (or, with deadEndsLast, once every other state has been tried).
  node.h = h;
  if (h >= UNREACHABLE && ctx.rootReachable) {
    // dropped unseen, or set aside (and seen) to be searched last
    if (ctx.deadEnds) {
      seen.add(key);
      ctx.deadEnds.push(node);
    }
    return null;
  }
  seen.add(key);
  return node;
}

/**
 * The node a staircase ends in, its steps chained as nodes of their own (so the plan lists plain
 * digs and moves), or null when a step does nothing, the runner dies, or he does not end below
 * the layer. Budget charged for every step simulated.
 */
function stairsChild(ctx: SearchContext, n: Node, dir: -1 | 1, depth: StairDepth, top: StairTop, seen: Set<string>): Node | null {
  const s = cloneState(n.state, false);
  const y0 = s.runner.y;
  const track = { closest: 99 };
  let node = n;
  for (const [kind, key] of stairSteps(dir, depth, top)) {
    const ran = runMacro(s, kind, key, 0, track);
    if (ran > 0) ctx.budget -= ran;
    if (ran <= 0 || s.status !== 'running') return null;
    node = extend(node, s, kind, key, ran, track.closest);
  }
  if (s.runner.y < y0 + depth) return null;
  return finish(ctx, node, seen);
}

/**
 * The node where a guard has dropped into the hole dug in front of him (the dig and the wait as
 * two steps), or null when the dig does not happen, the runner dies, or no guard is in the hole
 * within TRAP_WAIT_TICKS. Budget charged for every tick simulated.
 */
function trapChild(ctx: SearchContext, n: Node, dir: -1 | 1, seen: Set<string>): Node | null {
  const s = cloneState(n.state, false);
  const hx = s.runner.x + dir;
  const hy = s.runner.y + 1;
  const track = { closest: 99 };
  const dug = runMacro(s, 'dig', dir < 0 ? 'dig_left' : 'dig_right', 0, track);
  if (dug > 0) ctx.budget -= dug;
  if (dug <= 0 || s.status !== 'running') return null;
  const afterDig = extend(n, cloneState(s, false), 'dig', dir < 0 ? 'dig_left' : 'dig_right', dug, track.closest);
  const waited = standStill(s, (w) => w < TRAP_WAIT_TICKS && !guardTrappedAt(s, hx, hy), track);
  ctx.budget -= waited;
  if (s.status !== 'running' || waited === 0 || !guardTrappedAt(s, hx, hy)) return null;
  return finish(ctx, extend(afterDig, s, 'wait', 'stop', waited, track.closest), seen);
}

/**
 * The node where the oldest open hole has refilled, the runner standing still meanwhile (one wait
 * macro), or null when he dies or moves (he was not settled after all). Budget charged per tick.
 */
function holeWaitChild(ctx: SearchContext, n: Node, seen: Set<string>): Node | null {
  const s = cloneState(n.state, false);
  const { x, y } = s.runner;
  const until = firstRefill(s);
  const track = { closest: 99 };
  const waited = standStill(s, () => s.tick < until, track);
  ctx.budget -= waited;
  if (s.status !== 'running' || waited === 0 || s.runner.x !== x || s.runner.y !== y) return null;
  return finish(ctx, extend(n, s, 'wait', 'stop', waited, track.closest), seen);
}

/**
 * Holds still on `s` in place (STOP, then no key) while `more(ticksWaited)` says so and the game
 * runs, noting the closest guard; returns the ticks waited. The compound choices' wait.
 */
function standStill(s: GameState, more: (waited: number) => boolean, track: { closest: number }): number {
  let waited = 0;
  while (s.status === 'running' && more(waited)) {
    if (!advance(s, waited === 0 ? KEY_OF.stop : undefined)) break;
    waited++;
    const d = guardDistance(s);
    if (d < track.closest) track.closest = d;
  }
  return waited;
}
