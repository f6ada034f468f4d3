// The runner's half of a tick (game-mechanics §3–§4): falling, the moves a key allows, one
// movement step with centring and cell crossing, gold pickup and the collision check, plus
// starting a dig. Reads keyAction and the layers; writes the runner, the layers, gold, dig.
import * as C from '../constants.js';
import type { Action } from '../constants.js';
import { newDig, type GameState } from '../state.js';
import { guardAliveAt, guardIndexAt, inGoldWindow, killRunner, leaveCell, loseGold, setAct, setBase } from './common.js';

// Module-local copies of the shared constants: V8 folds these into optimized code (see guards.ts).
const {
  ACT_DIG_LEFT,
  ACT_DIG_RIGHT,
  ACT_DOWN,
  ACT_FALL,
  ACT_FALL_BAR,
  ACT_LEFT,
  ACT_REBORN,
  ACT_RIGHT,
  ACT_STOP,
  ACT_UP,
  BAR,
  BLOCK,
  EMPTY,
  GOLD,
  GUARD,
  LADDR,
  MAX_X,
  MAX_Y,
  RUNNER,
  SCORE_GOLD,
  SOLID,
  TRAP,
  idx,
} = C;

/** Whether the runner stands (or hangs/climbs) rather than falls, per §3 "Falling check first". */
export function runnerCanAct(s: GameState): boolean {
  const { x, y, yOffset } = s.runner;
  const cur = s.base[idx(x, y)];
  if (cur === LADDR || (cur === BAR && yOffset === 0)) return true;
  if (yOffset < 0) return false;
  if (y === MAX_Y) return true;
  const below = s.act[idx(x, y + 1)];
  return below === BLOCK || below === SOLID || below === LADDR || below === GUARD;
}

/** Whether a dig to side `dir` is allowed now (§4). */
export function canDig(s: GameState, dir: -1 | 1): boolean {
  const { x, y } = s.runner;
  const tx = x + dir;
  if (y >= MAX_Y || tx < 0 || tx > MAX_X) return false;
  if (s.act[idx(tx, y + 1)] !== BLOCK) return false;
  return s.act[idx(tx, y)] === EMPTY && s.base[idx(tx, y)] !== GOLD;
}

export function moveRunner(s: GameState): void {
  const r = s.runner;
  const { x, y, xOffset, yOffset } = r;
  const act = s.act;
  const base = s.base;

  if (!runnerCanAct(s)) {
    let stay = y >= MAX_Y;
    if (!stay) {
      const below = act[idx(x, y + 1)];
      stay = below === BLOCK || below === SOLID || below === GUARD;
    }
    runnerStep(s, ACT_FALL, stay);
    return;
  }

  switch (s.keyAction) {
    case ACT_UP: {
      let stay = y <= 0;
      if (!stay) {
        const above = act[idx(x, y - 1)];
        stay = above === BLOCK || above === SOLID || above === TRAP;
      }
      const onLadder = base[idx(x, y)] === LADDR;
      const ladderBelow = y < MAX_Y && base[idx(x, y + 1)] === LADDR;
      if (y > 0 && !onLadder && yOffset > 0 && yOffset < 11 && ladderBelow) {
        runnerStep(s, ACT_UP, true);
      } else if ((onLadder || (yOffset > 0 && ladderBelow)) && !(yOffset <= 0 && stay)) {
        runnerStep(s, ACT_UP, stay);
      } else {
        runnerStep(s, ACT_STOP, false);
      }
      return;
    }
    case ACT_DOWN: {
      let stay = y >= MAX_Y;
      if (!stay) {
        const below = act[idx(x, y + 1)];
        stay = below === BLOCK || below === SOLID;
      }
      runnerStep(s, yOffset >= 0 && stay ? ACT_STOP : ACT_DOWN, stay);
      return;
    }
    case ACT_LEFT: {
      let stay = x <= 0;
      if (!stay) {
        const side = act[idx(x - 1, y)];
        stay = side === BLOCK || side === SOLID || side === TRAP;
      }
      runnerStep(s, xOffset <= 0 && stay ? ACT_STOP : ACT_LEFT, stay);
      return;
    }
    case ACT_RIGHT: {
      let stay = x >= MAX_X;
      if (!stay) {
        const side = act[idx(x + 1, y)];
        stay = side === BLOCK || side === SOLID || side === TRAP;
      }
      runnerStep(s, xOffset >= 0 && stay ? ACT_STOP : ACT_RIGHT, stay);
      return;
    }
    case ACT_DIG_LEFT:
    case ACT_DIG_RIGHT: {
      const dir = s.keyAction === ACT_DIG_LEFT ? -1 : 1;
      if (canDig(s, dir)) {
        runnerStep(s, s.keyAction, false);
        s.dig = newDig(x + dir, y + 1, dir, 0);
      } else {
        runnerStep(s, ACT_STOP, false);
      }
      s.keyAction = ACT_STOP;
      return;
    }
    default:
      runnerStep(s, ACT_STOP, false);
  }
}

/** Enters (x, y): walking into a live guard kills the runner. */
function enterCell(s: GameState, x: number, y: number): void {
  if (s.act[idx(x, y)] === GUARD && guardAliveAt(s, x, y)) killRunner(s, 'guard');
}

function runnerStep(s: GameState, action: Action, stay: boolean): void {
  const r = s.runner;
  let { x, y, xOffset, yOffset } = r;
  const act = s.act;

  if (action === ACT_DIG_LEFT || action === ACT_DIG_RIGHT) {
    xOffset = 0;
    yOffset = 0;
  } else if (action === ACT_UP || action === ACT_DOWN || action === ACT_FALL) {
    if (xOffset > 0) xOffset = Math.max(0, xOffset - 8);
    else if (xOffset < 0) xOffset = Math.min(0, xOffset + 8);
  } else if (action === ACT_LEFT || action === ACT_RIGHT) {
    if (yOffset > 0) yOffset = Math.max(0, yOffset - 9);
    else if (yOffset < 0) yOffset = Math.min(0, yOffset + 9);
  }

  const cur = s.base[idx(x, y)];
  if (action === ACT_UP) {
    yOffset -= 9;
    if (stay && yOffset < 0) yOffset = 0;
    else if (yOffset < -22) {
      leaveCell(s, x, y);
      y--;
      yOffset += 44;
      enterCell(s, x, y);
    }
  } else if (action === ACT_DOWN || action === ACT_FALL) {
    let holdOnBar = false;
    if (cur === BAR) {
      if (yOffset < 0) holdOnBar = true;
      else if (action === ACT_DOWN && y < MAX_Y) {
        const below = act[idx(x, y + 1)];
        if (below !== LADDR && below !== GUARD) action = ACT_FALL;
      }
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
    if ((action === ACT_FALL || action === ACT_FALL_BAR) && y < MAX_Y && act[idx(x, y + 1)] === GUARD) {
      const g = guardIndexAt(s, x, y + 1);
      if (g >= 0 && yOffset > s.guards[g].yOffset) yOffset = s.guards[g].yOffset;
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

  r.x = x;
  r.y = y;
  r.xOffset = xOffset;
  r.yOffset = yOffset;
  r.action = action;
  const i = idx(x, y);
  setAct(s, x, y, RUNNER);
  if (inGoldWindow(s, x, y, xOffset, yOffset)) {
    setBase(s, i, EMPTY);
    s.score += SCORE_GOLD;
    loseGold(s);
  }
  checkCollision(s);
}

/** After every runner step: the first guard-occupied neighbour (up, down, left, right) within 30 x 33 px kills. */
function checkCollision(s: GameState): void {
  const r = s.runner;
  const { x, y } = r;
  const act = s.act;
  let gx = -1;
  let gy = -1;
  if (y > 0 && act[idx(x, y - 1)] === GUARD) {
    gx = x;
    gy = y - 1;
  } else if (y < MAX_Y && act[idx(x, y + 1)] === GUARD) {
    gx = x;
    gy = y + 1;
  } else if (x > 0 && act[idx(x - 1, y)] === GUARD) {
    gx = x - 1;
    gy = y;
  } else if (x < MAX_X && act[idx(x + 1, y)] === GUARD) {
    gx = x + 1;
    gy = y;
  }
  if (gx < 0) return;
  const gi = guardIndexAt(s, gx, gy);
  if (gi < 0) return;
  const g = s.guards[gi];
  if (g.action === ACT_REBORN) return;
  const dw = Math.abs(x * 40 + r.xOffset - g.x * 40 - g.xOffset);
  const dh = Math.abs(y * 44 + r.yOffset - g.y * 44 - g.yOffset);
  if (dw <= 30 && dh <= 33) killRunner(s, 'guard');
}
