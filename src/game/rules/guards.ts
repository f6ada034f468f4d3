// The guards' half of a tick (game-mechanics §5): the move scheduler, bestMove (climb-out,
// forced fall, same-row chase, scanFloor), one guard step with hole trapping and gold
// carrying. Reads the runner and the layers; writes guards, layers, gold, shake queue.
import * as C from '../constants.js';
import type { Action } from '../constants.js';
import { nextRandom } from '../rng.js';
import { newTimed, type GameState, type GuardState } from '../state.js';
import { inGoldWindow, killRunner, leaveCell, loseGold, setAct, setBase } from './common.js';
import * as T from './terrain.js';

// Hot path: copy the shared constants into module-local consts, which V8 folds into the
// optimized code (imported bindings are re-read through the module environment each time).
const { EMPTY, BLOCK, SOLID, LADDR, BAR, TRAP, GOLD, GUARD, RUNNER, MAX_X, MAX_Y, MOVE_POLICY, SCORE_TRAP, idx } = C;
const { ACT_STOP, ACT_LEFT, ACT_RIGHT, ACT_UP, ACT_DOWN, ACT_FALL, ACT_FALL_BAR, ACT_IN_HOLE, ACT_CLIMB_OUT, ACT_REBORN } = C;
const { R_CHASE, R_FALL, R_LADDER, T_FLOOR, T_LADDER, T_SIDE, T_STOP } = T;

// MOVE_POLICY flattened to one small-integer array (row n at n * 6): one load instead of two.
const MOVES = Int8Array.from(MOVE_POLICY.flat());

export function moveGuards(s: GameState): void {
  const guards = s.guards;
  const n = guards.length;
  if (n === 0) return;
  const offset = s.moveOffset === 5 ? 0 : s.moveOffset + 1; // (moveOffset + 1) % 6 without a division
  s.moveOffset = offset;
  for (let moves = MOVES[n * 6 + offset]; moves > 0; moves--) {
    let id = s.moveId + 1;
    if (id >= n) id %= n; // divides only on the wrap (a restored moveId may exceed n)
    s.moveId = id;
    const g = guards[id];
    if (g.action === ACT_IN_HOLE || g.action === ACT_REBORN) continue;
    guardStep(s, g, id, bestMove(s, g));
  }
}

export function bestMove(s: GameState, g: GuardState): Action {
  const { base, act } = s;
  const x = g.x;
  const y = g.y;
  let sameLevelOnly = false;

  if (g.action === ACT_CLIMB_OUT) {
    if (y === g.holeY) return ACT_UP;
    sameLevelOnly = true;
    if (x !== g.holeX) g.action = ACT_LEFT;
  }

  if (!sameLevelOnly) {
    const cur = base[idx(x, y)];
    if (cur === LADDR || (cur === BAR && g.yOffset === 0)) {
      // holds on
    } else if (g.yOffset < 0) {
      return ACT_FALL;
    } else if (y < MAX_Y) {
      const below = act[idx(x, y + 1)];
      if (!(below === BLOCK || below === SOLID || below === GUARD || below === LADDR)) return ACT_FALL;
    }
  }

  const runner = s.runner;
  const rx = runner.x;
  if (y === runner.y && runner.action !== ACT_FALL) {
    // The chase is on when every cell from the guard's up to (not including) the runner's can be
    // crossed: a ladder or bar in it, or BLOCK, SOLID, LADDR, BAR, gold or a guard below it. The
    // terrain's R_CHASE mask has the static cases; only the other cells are looked at.
    const from = x < rx ? x : rx + 1;
    const to = x < rx ? rx - 1 : x;
    let open = x === rx;
    if (!open) {
      let blocked = ~s.terrain[R_CHASE + y] & ((2 << to) - 1) & -(1 << from);
      while (blocked !== 0) {
        const below = idx(31 - Math.clz32(blocked & -blocked), y + 1);
        if (base[below] !== GOLD && act[below] !== GUARD) break;
        blocked &= blocked - 1;
      }
      open = blocked === 0;
    }
    if (open) {
      if (x < rx) return ACT_RIGHT;
      if (x > rx) return ACT_LEFT;
      return g.xOffset < runner.xOffset ? ACT_RIGHT : ACT_LEFT;
    }
  }
  return scanFloor(s, x, y);
}

// scanFloor is the hottest code of the engine (every guard move of every simulated tick). It
// answers §5's floor scan with bit operations instead of cell-by-cell walks (rules/terrain.ts):
// walkStops says how far the guard can walk along its row, the per-row terrain masks which of
// those columns can start a fall or a climb, the per-column masks where that fall or climb ends.
// It stays one flat function so its speed does not hinge on the JIT's inlining choices.
function scanFloor(s: GameState, sx: number, sy: number): Action {
  const { act, terrain, goldMask } = s;
  const ry = s.runner.y;
  const row = idx(0, sy);

  // How far the guard can walk along row sy: to the nearest walk stop on each side (see
  // walkStops in rules/terrain.ts); a wall stops the walk before its cell, any other stop on it.
  const stops = s.walkStops[sy];
  const leftStops = stops & ((1 << sx) - 1);
  let leftEnd = 0;
  if (leftStops !== 0) {
    const c = 31 - Math.clz32(leftStops); // nearest stop on the left
    const t = act[row + c];
    leftEnd = t === BLOCK || t === SOLID ? c + 1 : c;
  }
  const rightStops = stops & -(2 << sx);
  let rightEnd = MAX_X;
  if (rightStops !== 0) {
    const c = 31 - Math.clz32(rightStops & -rightStops); // nearest stop on the right
    const t = act[row + c];
    rightEnd = t === BLOCK || t === SOLID ? c - 1 : c;
  }

  // Row masks for the column scans below (bit y = row y).
  const syBit = 1 << sy;
  const fromSy = -syBit; // rows >= sy
  const fromRunner = ry > sy ? -(1 << ry) : fromSy; // rows >= max(sy, ry)
  const aboveSy = syBit - 1; // rows < sy
  const upToRunner = ry < sy ? (2 << ry) - 1 : aboveSy; // rows <= min(ry, sy - 1)

  // Columns in the order of §5: own column (paths DOWN / UP), then leftEnd..sx-1 (LEFT), then
  // rightEnd..sx+1 (RIGHT); within a column the fall is rated before the climb. Only columns
  // where a fall or a climb can start can be rated (the per-row masks), so only those are visited.
  const starts = terrain[R_FALL + sy] | terrain[R_LADDER + sy];
  let best = 255;
  let bestPath: Action = ACT_STOP;
  let pass = 0;
  let x = sx;
  let left = starts & ((1 << sx) - 1) & -(1 << leftEnd); // columns leftEnd..sx-1, visited upwards
  let right = starts & ((2 << rightEnd) - 1) & -(2 << sx); // columns sx+1..rightEnd, visited downwards
  if (((starts >> sx) & 1) === 0) pass = 1; // own column: nothing to rate
  for (;;) {
    if (pass === 1) {
      if (left === 0) pass = 2;
      else {
        x = 31 - Math.clz32(left & -left); // lowest column left
        left &= left - 1;
      }
    }
    if (pass === 2) {
      if (right === 0) break;
      x = 31 - Math.clz32(right); // highest column left
      right ^= 1 << x;
    }
    const dx = x > sx ? x - sx : sx - x;
    // Every rating of column x is >= dx and only a strictly smaller one wins: skip hopeless columns.
    if (dx < best) {
      const floor = terrain[T_FLOOR + x];
      if ((floor & syBit) === 0) {
        // scanDown (the cell below is no floor): fall to the first floor, or stop at the first
        // row at or below both sy and the runner's that is not empty and has a walkable side.
        const stop = terrain[T_STOP + x] | (goldMask[x] & terrain[T_SIDE + x]);
        const m = (floor & fromSy) | (stop & fromRunner);
        const y = 31 - Math.clz32(m & -m); // lowest set bit; row 15 is always a floor
        const rating = y === ry ? dx : y > ry ? 200 + y - ry : 100 + ry - y;
        if (rating < best) {
          best = rating;
          bestPath = pass === 0 ? ACT_DOWN : pass === 1 ? ACT_LEFT : ACT_RIGHT;
        }
      }
      const ladder = terrain[T_LADDER + x];
      if (dx < best && (ladder & syBit) !== 0) {
        // scanUp (on a ladder): climb to where the ladder ends (row 0 at the latest), or stop at
        // the first row above sy, at or above the runner's, with a walkable side.
        const m = (~ladder & aboveSy) | (terrain[T_SIDE + x] & upToRunner) | 1;
        const y = 31 - Math.clz32(m); // highest set bit
        const rating = y === ry ? dx : y > ry ? 200 + y - ry : 100 + ry - y;
        if (rating < best) {
          best = rating;
          bestPath = pass === 0 ? ACT_UP : pass === 1 ? ACT_LEFT : ACT_RIGHT;
        }
      }
    }
    if (pass === 0) pass = 1;
  }
  return bestPath;
}

function enterCell(s: GameState, x: number, y: number): void {
  if (s.act[idx(x, y)] === RUNNER) killRunner(s, 'guard');
}

/** Gold a guard loses while falling into a hole: set above if there is room, else it is gone. */
function shedGoldAbove(s: GameState, g: GuardState, x: number, y: number): void {
  if (y > 0 && s.base[idx(x, y - 1)] === EMPTY) setBase(s, idx(x, y - 1), GOLD);
  else loseGold(s);
  g.hasGold = 0;
}

function dropCheck(s: GameState, g: GuardState, x: number, y: number): void {
  if (g.hasGold > 1) g.hasGold--;
  else if (g.hasGold === 1) {
    const base = s.base;
    if (base[idx(x, y)] === EMPTY) {
      const nb = y === MAX_Y ? SOLID : base[idx(x, y + 1)];
      if (y === MAX_Y || nb === BLOCK || nb === SOLID || nb === LADDR) {
        setBase(s, idx(x, y), GOLD);
        g.hasGold = -1;
      }
    }
  } else if (g.hasGold < 0) g.hasGold++;
}

function drawGoldCounter(s: GameState): number {
  const pb = s.playback;
  let value: number;
  if (pb && pb.goldIndex < pb.source.goldDrop.length) value = pb.source.goldDrop[pb.goldIndex++];
  else value = Math.floor(nextRandom(s) * 26) + 12;
  if (s.recording) s.recording.goldDrop.push(value);
  return value;
}

export function guardStep(s: GameState, g: GuardState, id: number, wanted: Action): void {
  const { base, act } = s;
  let { x, y, xOffset, yOffset } = g;
  let action = wanted;
  let stay = false;

  if (g.action === ACT_CLIMB_OUT && action === ACT_STOP) g.action = ACT_STOP;

  switch (action) {
    case ACT_UP: {
      if (y <= 0) stay = true;
      else {
        const t = act[idx(x, y - 1)];
        stay = t === BLOCK || t === SOLID || t === TRAP || t === GUARD;
      }
      if (yOffset <= 0 && stay) action = ACT_STOP;
      break;
    }
    case ACT_DOWN:
    case ACT_FALL: {
      if (y >= MAX_Y) stay = true;
      else {
        const t = act[idx(x, y + 1)];
        stay = t === BLOCK || t === SOLID || t === GUARD;
      }
      if (action === ACT_FALL && yOffset < 0 && base[idx(x, y)] === BLOCK) {
        action = ACT_IN_HOLE;
        stay = true;
      } else if (yOffset >= 0 && stay) action = ACT_STOP;
      break;
    }
    case ACT_LEFT: {
      if (x <= 0) stay = true;
      else {
        const t = act[idx(x - 1, y)];
        stay = t === BLOCK || t === SOLID || t === GUARD || base[idx(x - 1, y)] === TRAP;
      }
      if (xOffset <= 0 && stay) action = ACT_STOP;
      break;
    }
    case ACT_RIGHT: {
      if (x >= MAX_X) stay = true;
      else {
        const t = act[idx(x + 1, y)];
        stay = t === BLOCK || t === SOLID || t === GUARD || base[idx(x + 1, y)] === TRAP;
      }
      if (xOffset >= 0 && stay) action = ACT_STOP;
      break;
    }
  }

  if (action === ACT_UP || action === ACT_DOWN || action === ACT_FALL || action === ACT_IN_HOLE) {
    if (xOffset > 0) xOffset = Math.max(0, xOffset - 8);
    else if (xOffset < 0) xOffset = Math.min(0, xOffset + 8);
  } else if (action === ACT_LEFT || action === ACT_RIGHT) {
    if (yOffset > 0) yOffset = Math.max(0, yOffset - 9);
    else if (yOffset < 0) yOffset = Math.min(0, yOffset + 9);
  }

  const cur = base[idx(x, y)];
  if (action === ACT_UP) {
    yOffset -= 9;
    if (stay && yOffset < 0) yOffset = 0;
    else if (yOffset < -22) {
      leaveCell(s, x, y);
      y--;
      yOffset += 44;
      enterCell(s, x, y);
    }
  } else if (action === ACT_DOWN || action === ACT_FALL || action === ACT_IN_HOLE) {
    let holdOnBar = false;
    if (cur === BAR) {
      if (yOffset < 0) holdOnBar = true;
      else if (action === ACT_DOWN && y < MAX_Y && act[idx(x, y + 1)] !== LADDR) action = ACT_FALL;
    }
    yOffset += 9;
    if (holdOnBar && yOffset >= 0) {
      yOffset = 0;
      action = ACT_FALL_BAR;
    } else if (stay && yOffset > 0) {
      yOffset = 0;
    } else if (yOffset > 22) {
      leaveCell(s, x, y);
      y++;
      yOffset -= 44;
      enterCell(s, x, y);
    }
  } else if (action === ACT_LEFT) {
    xOffset -= 8;
    if (stay && xOffset < 0) xOffset = 0;
    else if (xOffset < -20) {
      leaveCell(s, x, y);
      x--;
      xOffset += 40;
      enterCell(s, x, y);
    }
  } else if (action === ACT_RIGHT) {
    xOffset += 8;
    if (stay && xOffset > 0) xOffset = 0;
    else if (xOffset > 20) {
      leaveCell(s, x, y);
      x++;
      xOffset -= 40;
      enterCell(s, x, y);
    }
  }

  if (action === ACT_IN_HOLE) {
    if (yOffset < 0) {
      action = ACT_FALL;
      if (s.ai >= 4 && g.hasGold > 0) shedGoldAbove(s, g, x, y);
    } else {
      if (s.ai < 4 && g.hasGold > 0) shedGoldAbove(s, g, x, y);
      s.score += SCORE_TRAP;
      s.shakes.push(newTimed(id, s.tick));
    }
  }

  if (
    (action === ACT_LEFT && xOffset > -8 && xOffset <= 0) ||
    (action === ACT_RIGHT && xOffset >= 0 && xOffset < 8) ||
    (action === ACT_UP && yOffset > -9 && yOffset <= 0) ||
    ((action === ACT_DOWN || action === ACT_FALL) && yOffset >= 0 && yOffset < 9)
  ) {
    dropCheck(s, g, x, y);
  }

  g.x = x;
  g.y = y;
  g.xOffset = xOffset;
  g.yOffset = yOffset;
  if (g.action !== ACT_CLIMB_OUT) g.action = action;
  setAct(s, x, y, GUARD);

  if (g.hasGold === 0 && inGoldWindow(s, x, y, xOffset, yOffset)) {
    g.hasGold = drawGoldCounter(s);
    setBase(s, idx(x, y), EMPTY);
  }
}
