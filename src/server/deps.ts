// What the Koa app is built from (createApp's argument) and what every route group receives: the
// stores, the planner, the logger, where config and static files live, and the clocks. Injected so
// tests run a real server over temp dirs, a fake clock and fake env. Types only; no I/O.
import type { Logger } from '../config/logger.js';
import type { DebugLog } from '../llm/debugLog.js';
import type { Env } from '../llm/secrets.js';
import type { RecordingStore, TraceStore } from '../stores/index.js';
import type { GameSessions } from './gameSessions.js';
import type { Planner } from './planningContract.js';
import type { KeyedQueue } from './runLock.js';

export interface AppDeps {
  /** Where the stores and the debug log live (the stores themselves are passed opened). */
  dataDir: string;
  /** public/: the static pages and agent-config.json. */
  publicDir: string;
  /** The public agent config file, re-read on every request that uses it. */
  configPath: string;
  traceStore: TraceStore;
  recordingStore: RecordingStore;
  /** One planning step: the chart-backed planning service (src/service/planningService.ts). */
  planner: Planner;
  logger: Logger;
  /** The environment with the dotenv files re-read; called once per planning request. */
  envReader: () => Env;
  /** Milliseconds since the epoch (game idle expiry, uptime); Date.now by default. */
  clock?: () => number;
  /** Static roots, searched in order; default [publicDir]. Put a Vite build dir first when there is one. */
  staticDirs?: readonly string[];
  /** The planning chart's structure for drawing (GET /api/agent/chart); 503 until the chart is wired in. */
  chartStructure?: () => unknown;
  /** The raw model I/O debug log handed to the planner; a disabled one at <dataDir>/agent-debug.log by default. */
  debugLog?: DebugLog;
  /** Live HTTP games; a fresh set on `clock` by default. */
  games?: GameSessions;
}

/** AppDeps with every default filled in: what the route groups see. */
export interface RouteDeps extends Required<Omit<AppDeps, 'chartStructure'>> {
  chartStructure: (() => unknown) | null;
  /** Serializes planning steps per run (runLock.ts). */
  runQueue: KeyedQueue;
  /** When the app was created (ms), for /api/health. */
  startedAt: number;
}
