// The board at a step: BoardRenderer draws the snapshot (runner, guards, gold, holes), and an overlay
// canvas on top draws the lens's marks — the chosen candidate's route and target, the other
// candidates' targets by lane, the current backtrack hop's cells, and the what-if / actual paths.
// Reads props only; writes pixels.
import { useEffect, useRef } from 'react';
import type { BoardMark, Cell, LensCandidate, ReplayAnswer } from '../../lens/types.js';
import { BoardRenderer } from '../render/board.js';
import { BOARD_H, BOARD_W, TILE_H, TILE_W } from '../render/geometry.js';
import { laneColor } from './format.js';

export interface BoardProps {
  snapshot: ReplayAnswer['snapshot'];
  levelText: string | null;
  candidates: readonly LensCandidate[];
  marks: readonly BoardMark[];
  paths?: { whatIf?: readonly Cell[]; actual?: readonly Cell[]; start?: Cell };
}

const center = (c: Cell) => ({ x: c.x * TILE_W + TILE_W / 2, y: c.y * TILE_H + TILE_H / 2 });

function drawPath(ctx: CanvasRenderingContext2D, cells: readonly Cell[], color: string, width: number, dash: number[] = []) {
  if (cells.length < 2) return;
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.setLineDash(dash);
  ctx.beginPath();
  cells.forEach((c, i) => {
    const p = center(c);
    if (i === 0) ctx.moveTo(p.x, p.y);
    else ctx.lineTo(p.x, p.y);
  });
  ctx.stroke();
  ctx.restore();
}

function ring(ctx: CanvasRenderingContext2D, c: Cell, color: string, radius: number, width = 3) {
  const p = center(c);
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.beginPath();
  ctx.arc(p.x, p.y, radius, 0, Math.PI * 2);
  ctx.stroke();
  ctx.restore();
}

function box(ctx: CanvasRenderingContext2D, c: Cell, color: string, width = 4) {
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.strokeRect(c.x * TILE_W + 2, c.y * TILE_H + 2, TILE_W - 4, TILE_H - 4);
  ctx.restore();
}

function diamond(ctx: CanvasRenderingContext2D, c: Cell, color: string) {
  const p = center(c);
  ctx.save();
  ctx.fillStyle = color;
  ctx.globalAlpha = 0.85;
  ctx.beginPath();
  ctx.moveTo(p.x, p.y - 9);
  ctx.lineTo(p.x + 9, p.y);
  ctx.lineTo(p.x, p.y + 9);
  ctx.lineTo(p.x - 9, p.y);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

const MARK_COLORS: Record<BoardMark['role'], string> = {
  runner: '#7fe7ff',
  target: '#ffe066',
  route: '#ffe066',
  outcome: '#ffffff',
  guard: '#ff6b7f',
  gold: '#ffc857',
  requested: '#b596ff',
};

export function Board({ snapshot, levelText, candidates, marks, paths }: BoardProps) {
  const boardRef = useRef<HTMLCanvasElement>(null);
  const overlayRef = useRef<HTMLCanvasElement>(null);
  const rendererRef = useRef<BoardRenderer | null>(null);

  useEffect(() => {
    const ctx = boardRef.current?.getContext('2d');
    if (!ctx) return;
    rendererRef.current ??= new BoardRenderer(ctx);
    if (levelText) rendererRef.current.setLevel(levelText);
  }, [levelText]);

  useEffect(() => {
    const ctx = boardRef.current?.getContext('2d');
    if (!ctx) return;
    rendererRef.current ??= new BoardRenderer(ctx);
    rendererRef.current.draw(snapshot);
  }, [snapshot, levelText]);

  useEffect(() => {
    const ctx = overlayRef.current?.getContext('2d');
    if (!ctx) return;
    ctx.clearRect(0, 0, BOARD_W, BOARD_H);
    // Other candidates' targets, by lane; the chosen one's route and target on top.
    for (const c of candidates) {
      if (c.chosen || !c.target) continue;
      diamond(ctx, c.target, laneColor(c.lane));
    }
    const chosen = candidates.find((c) => c.chosen);
    if (chosen?.path) drawPath(ctx, chosen.path.cells, 'rgba(255,224,102,0.9)', 8);
    if (chosen?.target) ring(ctx, chosen.target, '#ffe066', 16, 4);
    if (paths?.actual?.length)
      drawPath(ctx, [...(paths.start ? [paths.start] : []), ...paths.actual], 'rgba(127,231,255,0.85)', 5, [10, 6]);
    if (paths?.whatIf?.length) drawPath(ctx, [...(paths.start ? [paths.start] : []), ...paths.whatIf], 'rgba(255,107,200,0.9)', 5);
    if (paths?.whatIf?.length) ring(ctx, paths.whatIf[paths.whatIf.length - 1], '#ff6bc8', 14, 4);
    if (paths?.actual?.length) ring(ctx, paths.actual[paths.actual.length - 1], '#7fe7ff', 18, 3);
    // The current hop's cells.
    for (const m of marks) {
      if (m.role === 'route') continue;
      if (m.role === 'runner' || m.role === 'guard') ring(ctx, m, MARK_COLORS[m.role], 22, 4);
      else box(ctx, m, MARK_COLORS[m.role]);
    }
    const route = marks.filter((m) => m.role === 'route');
    if (route.length > 1) drawPath(ctx, route, 'rgba(255,255,255,0.8)', 3, [4, 4]);
  }, [candidates, marks, paths]);

  return (
    <div className="board" data-testid="lens-board">
      <canvas ref={boardRef} width={BOARD_W} height={BOARD_H} aria-label={`Board at tick ${snapshot.tick}`} />
      <canvas ref={overlayRef} width={BOARD_W} height={BOARD_H} className="overlay" aria-hidden="true" />
    </div>
  );
}
