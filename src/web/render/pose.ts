// Which figure pose to draw for a runner or guard, which way it faces and which animation frame it
// is on, from the snapshot's actionName, the terrain under it and its pixel position. Pure and
// DOM-free (tested in Node); the board renderer feeds the answer to sprites.drawFigure.
import type { Pose } from './sprites.js';

export interface PoseInput {
  actionName: string;
  /** The static terrain char of the mover's cell (baseGrid: ' ', '#', '@', 'H', '-', 'X', 'S', '$'). */
  cell: string;
  xOffset: number;
  yOffset: number;
  /** Logical pixel position of the sprite (x * 40 + xOffset, y * 44 + yOffset). */
  px: number;
  py: number;
}

export interface PoseChoice {
  pose: Pose;
  /** The facing this action implies, or null to keep the previous one. */
  facing: -1 | 1 | null;
  frame: number;
}

export function choosePose(m: PoseInput): PoseChoice {
  const runFrame = Math.floor(Math.abs(m.px) / 8) % 4;
  const climbFrame = Math.floor(Math.abs(m.py) / 9) % 4;
  const onRope = m.cell === '-' && m.yOffset === 0;
  const onLadder = m.cell === 'H';
  switch (m.actionName) {
    case 'dig_left':
      return { pose: 'dig', facing: -1, frame: 0 };
    case 'dig_right':
      return { pose: 'dig', facing: 1, frame: 0 };
    case 'digging':
      return { pose: 'dig', facing: null, frame: 0 };
    case 'fall':
      return { pose: 'fall', facing: null, frame: 0 };
    case 'fall_bar':
      return { pose: 'hang', facing: null, frame: 0 };
    case 'in_hole':
      return { pose: 'trapped', facing: null, frame: 0 };
    case 'climb_out':
      return { pose: 'climb', facing: null, frame: climbFrame };
    case 'up':
    case 'down':
      return { pose: onRope ? 'hang' : 'climb', facing: null, frame: climbFrame };
    case 'left':
    case 'right': {
      const facing = m.actionName === 'left' ? -1 : 1;
      if (onRope) return { pose: 'hang', facing, frame: runFrame };
      return { pose: 'run', facing, frame: runFrame };
    }
    default:
      if (onRope) return { pose: 'hang', facing: null, frame: 0 };
      if (onLadder) return { pose: 'climb', facing: null, frame: climbFrame };
      return { pose: 'stand', facing: null, frame: 0 };
  }
}
