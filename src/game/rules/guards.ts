// The guards' half of a tick (game-mechanics §5): the move scheduler, bestMove (climb-out,
// forced fall, same-row chase, scanFloor), one guard step with hole trapping and gold
// carrying. Reads the runner and the layers; writes guards, layers, gold, shake queue.
import * as C from '../constants.js';
import type { Action } from '../constants.js';
import { nextRandom } from '../rng.js';
import type { GameState, GuardState } from '../state.js';
import { inGoldWindow, killRunner, leaveCell, loseGold, setBase } from './common.js';

// Hot path: copy the shared constants into module-local consts, which V8 folds into the
// optimized code (imported bindings are re-read through the module environment each time).
const { EMPTY, BLOCK, SOLID, LADDR, BAR, TRAP, HLADR, GOLD, GUARD, RUNNER, MAX_X, MAX_Y, MOVE_POLICY, SCORE_TRAP, idx } = C;
const { ACT_STOP, ACT_LEFT, ACT_RIGHT, ACT_UP, ACT_DOWN, ACT_FALL, ACT_FALL_BAR, ACT_IN_HOLE, ACT_CLIMB_OUT, ACT_REBORN } = C;

export function moveGuards(s: GameState): void {
  const n = s.guards.length;
  if (n === 0) return;
  s.moveOffset = (s.moveOffset + 1) % 6;
  let moves = MOVE_POLICY[n][s.moveOffset];
  while (moves-- > 0) {
    s.moveId = (s.moveId + 1) % n;
    const g = s.guards[s.moveId];
    if (g.action === ACT_IN_HOLE || g.action === ACT_REBORN) continue;
    guardStep(s, g, s.moveId, bestMove(s, g));
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
    let cx = x;
    while (cx !== rx) {
      let passable = y === MAX_Y;
      if (!passable) {
        const curB = base[idx(cx, y)];
        const nb = base[idx(cx, y + 1)];
        passable =
          curB === LADDR ||
          curB === BAR ||
          nb === SOLID ||
          nb === LADDR ||
          nb === BLOCK ||
          act[idx(cx, y + 1)] === GUARD ||
          nb === BAR ||
          nb === GOLD;
      }
      if (!passable) break;
      cx += cx < rx ? 1 : -1;
    }
    if (cx === rx) {
      if (x < rx) return ACT_RIGHT;
      if (x > rx) return ACT_LEFT;
      return g.xOffset < runner.xOffset ? ACT_RIGHT : ACT_LEFT;
    }
  }
  return scanFloor(s, x, y);
}

// scanFloor is the hottest code of the engine (every guard move of every simulated tick). It
// is written as one flat function over raw row-major indexes (i = y * 28 + x; the cell below
// is i + 28) so its speed does not hinge on the JIT's inlining choices, and it memoises each
// column's scan result (a pure function of `base`, the column, the start row and the
// runner's row) in `s.scanMemo`: down scans at [0, HALF), up scans at [HALF, 2 * HALF).
const W = 28;
const HALF = 16 * 16 * W;

function scanFloor(s: GameState, sx: number, sy: number): Action {
  const { base, act } = s;
  const ry = s.runner.y;
  const row = sy * W;

  let leftEnd = sx;
  while (leftEnd > 0) {
    const t = act[row + leftEnd - 1];
    if (t === BLOCK || t === SOLID) break;
    if (t === LADDR || t === BAR || sy === MAX_Y) {
      leftEnd--;
      continue;
    }
    const nb = base[row + W + leftEnd - 1];
    leftEnd--;
    if (!(nb === BLOCK || nb === SOLID || nb === LADDR)) break;
  }
  let rightEnd = sx;
  while (rightEnd < MAX_X) {
    const t = act[row + rightEnd + 1];
    if (t === BLOCK || t === SOLID) break;
    if (t === LADDR || t === BAR || sy === MAX_Y) {
      rightEnd++;
      continue;
    }
    const nb = base[row + W + rightEnd + 1];
    rightEnd++;
    if (!(nb === BLOCK || nb === SOLID || nb === LADDR)) break;
  }

  let memo = s.scanMemo;
  if (memo.length === 0) memo = s.scanMemo = new Int8Array(2 * HALF);
  const memoRow = (ry * 16 + sy) * W;

  // Column order: own column (paths DOWN / UP), then leftEnd..sx-1 (LEFT), then rightEnd..sx+1 (RIGHT).
  let best = 255;
  let bestPath: Action = ACT_STOP;
  let x = sx;
  let phase = 0;
  for (;;) {
    const dx = x > sx ? x - sx : sx - x;
    // Every rating of column x is >= dx and only a strictly smaller one wins: skip hopeless columns.
    if (dx < best) {
      if (sy < MAX_Y) {
        const below = base[row + W + x];
        if (below !== BLOCK && below !== SOLID) {
          let y = memo[memoRow + x] - 1;
          if (y < 0) {
            // scanDown: fall until a floor, or stop at a row from which a side is walkable.
            y = sy;
            let i = row + x;
            while (y < MAX_Y) {
              const nb = base[i + W];
              if (nb === BLOCK || nb === SOLID) break;
              const cur = base[i];
              if (y >= ry && cur !== EMPTY && cur !== HLADR) {
                if (x > 0) {
                  const l = base[i + W - 1];
                  if (l === BLOCK || l === LADDR || l === SOLID || base[i - 1] === BAR) break;
                }
                if (x < MAX_X) {
                  const r = base[i + W + 1];
                  if (r === BLOCK || r === LADDR || r === SOLID || base[i + 1] === BAR) break;
                }
              }
              y++;
              i += W;
            }
            memo[memoRow + x] = y + 1;
          }
          const rating = y === ry ? dx : y > ry ? 200 + y - ry : 100 + ry - y;
          if (rating < best) {
            best = rating;
            bestPath = phase === 0 ? ACT_DOWN : phase === 1 ? ACT_LEFT : ACT_RIGHT;
          }
        }
      }
      if (dx < best && base[row + x] === LADDR) {
        let y = memo[HALF + memoRow + x] - 1;
        if (y < 0) {
          // scanUp: climb until the ladder ends, or stop at a row from which a side is walkable.
          y = sy;
          let i = row + x;
          while (y > 0 && base[i] === LADDR) {
            y--;
            i -= W;
            if (y <= ry) {
              if (x > 0) {
                const l = base[i + W - 1];
                if (l === BLOCK || l === SOLID || l === LADDR || base[i - 1] === BAR) break;
              }
              if (x < MAX_X) {
                const r = base[i + W + 1];
                if (r === BLOCK || r === SOLID || r === LADDR || base[i + 1] === BAR) break;
              }
            }
          }
          memo[HALF + memoRow + x] = y + 1;
        }
        const rating = y === ry ? dx : y > ry ? 200 + y - ry : 100 + ry - y;
        if (rating < best) {
          best = rating;
          bestPath = phase === 0 ? ACT_UP : phase === 1 ? ACT_LEFT : ACT_RIGHT;
        }
      }
    }
    // advance to the next column
    if (phase === 0) {
      phase = 1;
      x = leftEnd;
    } else if (phase === 1) x++;
    else x--;
    if (phase === 1 && x === sx) {
      if (rightEnd === sx) break;
      phase = 2;
      x = rightEnd;
    } else if (phase === 2 && x === sx) break;
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
      s.shakes.push({ id, since: s.tick });
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
  act[idx(x, y)] = GUARD;

  if (g.hasGold === 0 && inGoldWindow(s, x, y, xOffset, yOffset)) {
    g.hasGold = drawGoldCounter(s);
    setBase(s, idx(x, y), EMPTY);
  }
}
