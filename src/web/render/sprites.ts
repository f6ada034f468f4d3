// Our own tile and figure art, drawn in code on a 2D canvas: brick, solid block, ladder, rope, gold,
// holes (open, refilling, being dug), the runner and the guards in their poses. Each function draws
// one thing into one 40 x 44 logical box at (px, py); none keeps state. Why in code: no image assets
// to ship or license, crisp at any scale, and the lens page reuses the same art.
import { TILE_H, TILE_W } from './geometry.js';

export const PALETTE = {
  background: '#0b1020',
  brick: '#b4532a',
  brickDark: '#7a3417',
  mortar: '#3a1a0c',
  solid: '#8b93a7',
  solidLight: '#c3c9d6',
  solidDark: '#4b5264',
  ladder: '#e8d8a8',
  rope: '#d9b36c',
  gold: '#ffd23f',
  goldDark: '#a8790a',
  goldShine: '#fff6c2',
  hole: '#04060c',
  runner: '#7fe7ff',
  runnerSkin: '#ffe0b8',
  guard: '#ff5a6e',
  guardSkin: '#ffd0c0',
  halo: '#ffe066',
  glow: 'rgba(120, 255, 170, ALPHA)',
} as const;

type Ctx = CanvasRenderingContext2D;

export function drawBrick(ctx: Ctx, px: number, py: number, fromY = 0): void {
  // fromY: draw only the part of the brick below this many pixels (holes refilling / being dug).
  const top = py + Math.max(0, Math.min(TILE_H, fromY));
  const height = py + TILE_H - top;
  if (height <= 0) return;
  ctx.save();
  ctx.beginPath();
  ctx.rect(px, top, TILE_W, height);
  ctx.clip();
  ctx.fillStyle = PALETTE.mortar;
  ctx.fillRect(px, py, TILE_W, TILE_H);
  const course = TILE_H / 4;
  for (let row = 0; row < 4; row++) {
    const y = py + row * course;
    const shift = row % 2 === 0 ? 0 : -TILE_W / 4;
    for (let col = -1; col < 3; col++) {
      const x = px + shift + col * (TILE_W / 2);
      const x0 = Math.max(px, x + 1);
      const x1 = Math.min(px + TILE_W, x + TILE_W / 2 - 1);
      if (x1 <= x0) continue;
      ctx.fillStyle = PALETTE.brick;
      ctx.fillRect(x0, y + 1, x1 - x0, course - 2);
      ctx.fillStyle = PALETTE.brickDark;
      ctx.fillRect(x0, y + course - 3, x1 - x0, 2);
    }
  }
  ctx.restore();
}

export function drawSolid(ctx: Ctx, px: number, py: number): void {
  ctx.fillStyle = PALETTE.solidDark;
  ctx.fillRect(px, py, TILE_W, TILE_H);
  ctx.fillStyle = PALETTE.solid;
  ctx.fillRect(px + 2, py + 2, TILE_W - 4, TILE_H - 4);
  ctx.fillStyle = PALETTE.solidLight;
  ctx.fillRect(px + 2, py + 2, TILE_W - 4, 4);
  ctx.fillRect(px + 2, py + 2, 4, TILE_H - 4);
  ctx.fillStyle = PALETTE.solidDark;
  ctx.fillRect(px + 10, py + 14, 4, 4);
  ctx.fillRect(px + 26, py + 28, 4, 4);
}

export function drawLadder(ctx: Ctx, px: number, py: number, glow = 0): void {
  if (glow > 0) {
    ctx.fillStyle = PALETTE.glow.replace('ALPHA', (0.55 * glow).toFixed(3));
    ctx.fillRect(px, py, TILE_W, TILE_H);
  }
  ctx.fillStyle = PALETTE.ladder;
  ctx.fillRect(px + 6, py, 4, TILE_H);
  ctx.fillRect(px + TILE_W - 10, py, 4, TILE_H);
  for (let i = 0; i < 4; i++) ctx.fillRect(px + 6, py + 4 + i * (TILE_H / 4), TILE_W - 12, 3);
}

export function drawRope(ctx: Ctx, px: number, py: number): void {
  ctx.fillStyle = PALETTE.rope;
  ctx.fillRect(px, py + 3, TILE_W, 3);
  ctx.fillStyle = PALETTE.goldDark;
  for (let x = 2; x < TILE_W; x += 8) ctx.fillRect(px + x, py + 6, 2, 2);
}

export function drawGold(ctx: Ctx, px: number, py: number, sparkle = 0): void {
  // A chest of gold: dark rim, bright body, a lid line and a moving glint.
  const baseY = py + TILE_H - 2;
  ctx.fillStyle = PALETTE.goldDark;
  ctx.beginPath();
  ctx.moveTo(px + 4, baseY);
  ctx.lineTo(px + 9, baseY - 22);
  ctx.lineTo(px + 31, baseY - 22);
  ctx.lineTo(px + 36, baseY);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = PALETTE.gold;
  ctx.beginPath();
  ctx.moveTo(px + 7, baseY - 2);
  ctx.lineTo(px + 11, baseY - 20);
  ctx.lineTo(px + 29, baseY - 20);
  ctx.lineTo(px + 33, baseY - 2);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = PALETTE.goldDark;
  ctx.fillRect(px + 9, baseY - 12, 22, 2);
  ctx.fillStyle = PALETTE.goldShine;
  ctx.fillRect(px + 13 + (sparkle % 3) * 5, baseY - 18, 4, 4);
}

/** An open hole; `refill` 0..1 is how much brick has grown back from the bottom. */
export function drawHole(ctx: Ctx, px: number, py: number, refill: number): void {
  ctx.fillStyle = PALETTE.hole;
  ctx.fillRect(px, py, TILE_W, TILE_H);
  ctx.fillStyle = PALETTE.brickDark;
  ctx.fillRect(px, py, 2, TILE_H);
  ctx.fillRect(px + TILE_W - 2, py, 2, TILE_H);
  if (refill > 0) drawBrick(ctx, px, py, TILE_H * (1 - refill));
}

/** A brick being dug: the top `fraction` is gone, with debris flying above it. */
export function drawDigging(ctx: Ctx, px: number, py: number, fraction: number, frame: number): void {
  ctx.fillStyle = PALETTE.hole;
  ctx.fillRect(px, py, TILE_W, TILE_H);
  drawBrick(ctx, px, py, TILE_H * fraction);
  ctx.fillStyle = PALETTE.brick;
  for (let i = 0; i < 4; i++) {
    const dx = ((i * 11 + frame * 7) % 30) + 5;
    const dy = ((i * 5 + frame * 3) % 12) + 2;
    ctx.fillRect(px + dx, py - dy, 3, 3);
  }
}

export type Pose = 'stand' | 'run' | 'climb' | 'hang' | 'fall' | 'dig' | 'trapped';

export interface FigureStyle {
  body: string;
  skin: string;
  /** 1 = normal, lower while respawning (flicker). */
  alpha?: number;
  halo?: boolean;
  carriesGold?: boolean;
}

function limb(ctx: Ctx, x0: number, y0: number, x1: number, y1: number): void {
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
}

/** A stick figure in one pose; `dir` is the facing (-1 left, +1 right), `frame` the animation step. */
export function drawFigure(ctx: Ctx, px: number, py: number, pose: Pose, dir: -1 | 1, frame: number, style: FigureStyle): void {
  ctx.save();
  ctx.globalAlpha = style.alpha ?? 1;
  ctx.translate(px, py);
  const cx = 20;
  if (style.halo) {
    ctx.strokeStyle = PALETTE.halo;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.ellipse(cx, 1, 9, 3, 0, 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.strokeStyle = style.body;
  ctx.lineWidth = 5;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.beginPath();
  // torso
  const lean = pose === 'run' ? dir * 2 : pose === 'dig' ? dir * 3 : 0;
  limb(ctx, cx + lean, 15, cx, 28);
  const f = frame % 4;
  switch (pose) {
    case 'run': {
      const stride = [10, 4, -10, -4][f] * dir;
      limb(ctx, cx, 28, cx + stride, 42);
      limb(ctx, cx, 28, cx - stride * 0.7, 41);
      limb(ctx, cx + lean, 18, cx + lean - stride * 0.8, 26);
      limb(ctx, cx + lean, 18, cx + lean + stride * 0.8, 25);
      break;
    }
    case 'climb': {
      const up = f % 2 === 0;
      limb(ctx, cx, 18, cx - 9, up ? 6 : 12);
      limb(ctx, cx, 18, cx + 9, up ? 12 : 6);
      limb(ctx, cx, 28, cx - 8, up ? 40 : 36);
      limb(ctx, cx, 28, cx + 8, up ? 36 : 40);
      break;
    }
    case 'hang': {
      const reach = f % 2 === 0 ? 2 : -2;
      limb(ctx, cx, 17, cx - 8 + reach, 4);
      limb(ctx, cx, 17, cx + 8 + reach, 4);
      limb(ctx, cx, 28, cx - 5, 41);
      limb(ctx, cx, 28, cx + 5, 41);
      break;
    }
    case 'fall': {
      limb(ctx, cx, 17, cx - 11, 7);
      limb(ctx, cx, 17, cx + 11, 7);
      limb(ctx, cx, 28, cx - 6, 42);
      limb(ctx, cx, 28, cx + 7, 40);
      break;
    }
    case 'dig': {
      limb(ctx, cx + lean, 18, cx + dir * 16, 34);
      limb(ctx, cx + lean, 18, cx + dir * 12, 30);
      limb(ctx, cx, 28, cx - dir * 8, 42);
      limb(ctx, cx, 28, cx + dir * 4, 42);
      break;
    }
    case 'trapped': {
      limb(ctx, cx, 17, cx - 12, 9);
      limb(ctx, cx, 17, cx + 12, 9);
      limb(ctx, cx, 28, cx - 6, 42);
      limb(ctx, cx, 28, cx + 6, 42);
      break;
    }
    default: {
      limb(ctx, cx, 18, cx - 8, 27);
      limb(ctx, cx, 18, cx + 8, 27);
      limb(ctx, cx, 28, cx - 6, 42);
      limb(ctx, cx, 28, cx + 6, 42);
    }
  }
  ctx.stroke();
  ctx.fillStyle = style.skin;
  ctx.beginPath();
  ctx.arc(cx + lean, 9, 7, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = style.body;
  ctx.fillRect(cx + lean - 7, 2, 14, 4);
  if (style.carriesGold) {
    ctx.fillStyle = PALETTE.gold;
    ctx.fillRect(cx + dir * 9 - 4, 20, 8, 6);
    ctx.fillStyle = PALETTE.goldDark;
    ctx.fillRect(cx + dir * 9 - 4, 25, 8, 1);
  }
  ctx.restore();
}
