// zod schemas for everything the engine exchanges with the outside: the serialized engine
// state, legacy demos and the planner-facing snapshot. Types are inferred from them so the
// HTTP edge, the stores and the engine agree on one definition.
import { z } from 'zod';
import { ACTION_NAMES, CELLS } from './constants.js';

const layer = z
  .string()
  .length(CELLS)
  .regex(/^[0-9]+$/, 'a layer is 448 tile digits 0-9');
const int = z.number().int();

const moverSchema = z.object({ x: int.min(0).max(27), y: int.min(0).max(15), xOffset: int, yOffset: int, action: int.min(0).max(13) });
const guardSchema = moverSchema.extend({ hasGold: int, holeX: int, holeY: int });
const timedSchema = z.object({ id: int.min(0), since: int });

export const demoRecordSchema = z.object({
  level: int.min(1),
  ai: z.union([z.literal(3), z.literal(4)]).default(4),
  time: int.min(0),
  state: z.union([z.literal(0), z.literal(1)]),
  godMode: z.union([z.literal(0), z.literal(1)]).default(0),
  action: z.array(int).refine((a) => a.length % 2 === 0, 'action holds [tick, keyCode] pairs'),
  goldDrop: z.array(int).default([]),
  bornPos: z.array(int).default([]),
});
export type DemoRecord = z.infer<typeof demoRecordSchema>;

export const demoFileSchema = z.object({
  playData: int.min(1).max(5).optional(),
  set: z.string().optional(),
  source: z.string().optional(),
  demos: z.array(demoRecordSchema),
});
export type DemoFile = z.infer<typeof demoFileSchema>;

export const ENGINE_STATE_VERSION = 1;

export const engineStateSchema = z.object({
  v: z.literal(ENGINE_STATE_VERSION),
  playData: int.min(0),
  level: int.min(0),
  ai: z.union([z.literal(3), z.literal(4)]),
  godMode: z.boolean(),
  base: layer,
  act: layer,
  runner: moverSchema,
  guards: z.array(guardSchema).max(6),
  keyAction: int.min(0).max(13),
  status: z.enum(['start', 'running', 'finish', 'runner_dead']),
  deathCause: z.enum(['guard', 'hole']).nullable(),
  tick: int.min(0),
  score: int,
  goldCount: int.min(0),
  goldComplete: z.boolean(),
  dig: z.object({ x: int, y: int, direction: z.union([z.literal(-1), z.literal(1)]), frame: int }).nullable(),
  holes: z.array(z.object({ x: int, y: int, openedAt: int })),
  shakes: z.array(timedSchema),
  reborns: z.array(timedSchema),
  moveOffset: int.min(0).max(5),
  moveId: int.min(0),
  rng: int,
  bornColumns: z.array(int.min(0).max(27)),
  bornCursor: int.min(0),
  playback: z
    .object({
      source: z.object({ action: z.array(int), goldDrop: z.array(int), bornPos: z.array(int) }),
      actionIndex: int.min(0),
      goldIndex: int.min(0),
      bornIndex: int.min(0),
    })
    .nullable(),
  recording: z.object({ action: z.array(int), lastKey: int, goldDrop: z.array(int), born: z.array(int) }).nullable(),
});
export type EngineState = z.infer<typeof engineStateSchema>;

const row = z.string().length(28);
const grid = z.array(row).length(16);
const actionName = z.enum([...new Set(ACTION_NAMES)] as [string, ...string[]]);
const cell = z.object({ x: int, y: int });

export const snapshotSchema = z.object({
  playData: int,
  level: int,
  gameStateName: z.enum(['start', 'running', 'finish', 'runner_dead']),
  tick: int.min(0),
  time: int.min(0),
  godMode: z.boolean(),
  terrainGrid: grid,
  grid,
  baseGrid: grid,
  runner: z.object({ x: int, y: int, xOffset: int, yOffset: int, action: int, actionName }),
  guards: z.array(z.object({ id: int, x: int, y: int, xOffset: int, yOffset: int, actionName, hasGold: int })),
  gold: z.object({
    remainingCount: int.min(0),
    complete: z.boolean(),
    visiblePositions: z.array(cell),
    carriedByGuards: z.array(cell.extend({ id: int })),
  }),
  activeDig: z.object({ x: int, y: int, direction: z.enum(['left', 'right']), frameIndex: int, frameCount: int }).nullable(),
  openHoles: z.array(z.object({ x: int, y: int, ticksUntilRefill: int })),
  score: int,
  engineState: engineStateSchema.optional(),
});
export type Snapshot = z.infer<typeof snapshotSchema>;
