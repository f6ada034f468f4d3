// The canvas renderer: draws one frame of the board from a snapshot (terrain from baseGrid, holes and
// their refill phases from openHoles, the dig in progress, gold, guards, the runner, hidden ladders
// glowing as they appear). Reads a Snapshot (or anything with the same fields); writes only pixels.
// Shared by the game page and the lens page; keeps just the facings and the reveal tick between frames.
import type { Snapshot } from '../../game/schemas.js';
import {
  BOARD_H,
  BOARD_W,
  COLS,
  ROWS,
  animFrame,
  cellOrigin,
  digFraction,
  hiddenLadderCells,
  moverOrigin,
  refillFraction,
  revealGlow,
} from './geometry.js';
import { choosePose } from './pose.js';
import { PALETTE, drawBrick, drawDigging, drawFigure, drawGold, drawHole, drawLadder, drawRope, drawSolid } from './sprites.js';

/** What a frame needs: the snapshot fields the renderer reads. */
export type BoardView = Pick<
  Snapshot,
  'tick' | 'godMode' | 'baseGrid' | 'runner' | 'guards' | 'gold' | 'activeDig' | 'openHoles' | 'gameStateName'
>;

export class BoardRenderer {
  private hidden = new Set<string>();
  private revealTick: number | null = null;
  private facing = new Map<string, -1 | 1>();

  constructor(private readonly ctx: CanvasRenderingContext2D) {}

  /** A new level (or a restart): remember where its hidden ladders are, forget the facings. */
  setLevel(levelText: string): void {
    this.hidden = new Set(hiddenLadderCells(levelText).map((c) => `${c.x},${c.y}`));
    this.revealTick = null;
    this.facing.clear();
  }

  draw(view: BoardView): void {
    const { ctx } = this;
    if (!view.gold.complete) this.revealTick = null;
    else if (this.revealTick === null || this.revealTick > view.tick) this.revealTick = view.tick;
    const glow = revealGlow(view.tick, this.revealTick);

    ctx.fillStyle = PALETTE.background;
    ctx.fillRect(0, 0, BOARD_W, BOARD_H);

    const holes = new Map(view.openHoles.map((h) => [`${h.x},${h.y}`, h.ticksUntilRefill]));
    const dig = view.activeDig;
    for (let y = 0; y < ROWS; y++) {
      const row = view.baseGrid[y] ?? '';
      for (let x = 0; x < COLS; x++) {
        const { px, py } = cellOrigin(x, y);
        const key = `${x},${y}`;
        const ch = row[x] ?? ' ';
        const refill = holes.get(key);
        if (refill !== undefined) {
          drawHole(ctx, px, py, refillFraction(refill));
          continue;
        }
        if (dig && dig.x === x && dig.y === y) {
          drawDigging(ctx, px, py, digFraction(dig), dig.frameIndex);
          continue;
        }
        switch (ch) {
          case '#':
          case 'X':
            drawBrick(ctx, px, py);
            break;
          case '@':
            drawSolid(ctx, px, py);
            break;
          case 'H':
            drawLadder(ctx, px, py, this.hidden.has(key) ? glow : 0);
            break;
          case '-':
            drawRope(ctx, px, py);
            break;
          case '$':
            drawGold(ctx, px, py, animFrame(view.tick + x + y, 3, 6));
            break;
          default:
            break; // empty, and 'S' (a hidden ladder not yet revealed)
        }
      }
    }

    const cellChar = (x: number, y: number) => view.baseGrid[y]?.[x] ?? ' ';
    for (const g of view.guards) {
      const { px, py } = moverOrigin(g);
      const choice = choosePose({ actionName: g.actionName, cell: cellChar(g.x, g.y), xOffset: g.xOffset, yOffset: g.yOffset, px, py });
      const id = `g${g.id}`;
      if (choice.facing !== null) this.facing.set(id, choice.facing);
      const reborn = g.actionName === 'reborn';
      drawFigure(ctx, px, py, choice.pose, this.facing.get(id) ?? -1, choice.frame, {
        body: PALETTE.guard,
        skin: PALETTE.guardSkin,
        alpha: reborn ? (animFrame(view.tick, 2, 1) === 0 ? 0.35 : 0.75) : 1,
        carriesGold: g.hasGold > 0,
      });
    }

    const r = view.runner;
    const { px, py } = moverOrigin(r);
    const choice = choosePose({ actionName: r.actionName, cell: cellChar(r.x, r.y), xOffset: r.xOffset, yOffset: r.yOffset, px, py });
    if (choice.facing !== null) this.facing.set('runner', choice.facing);
    if (dig) this.facing.set('runner', dig.direction === 'left' ? -1 : 1);
    const dead = view.gameStateName === 'runner_dead';
    drawFigure(ctx, px, py, dead ? 'fall' : choice.pose, this.facing.get('runner') ?? 1, choice.frame, {
      body: PALETTE.runner,
      skin: PALETTE.runnerSkin,
      alpha: dead ? 0.45 : 1,
      halo: view.godMode,
    });
  }
}
