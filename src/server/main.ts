// Starts the real server: opens both stores in the data dir, wires the chart-backed planning
// service, the debug log and the static roots into createApp, listens,
// and returns a `close` that stops accepting requests and flushes and closes both stores (what
// SIGINT/SIGTERM call). Reads DATA_DIR and the dotenv files; writes the stores and the debug log.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_AGENT_CONFIG_PATH } from '../config/agentConfig.js';
import { logger as defaultLogger, type Logger } from '../config/logger.js';
import { createDebugLog, DEBUG_LOG_FILE } from '../llm/debugLog.js';
import { readEnv } from '../llm/dotenv.js';
import { secretValuesFromEnv, type Env } from '../llm/secrets.js';
import { RecordingStore, TraceStore, defaultDataDir } from '../stores/index.js';
import { createApp } from './app.js';
import type { Planner } from './planningContract.js';
import { chartStructure, createPlanningService } from '../service/planningService.js';

export const DEFAULT_PORT = 8080;
export const DEFAULT_HOST = '127.0.0.1';
export const PUBLIC_DIR = fileURLToPath(new URL('../../public', import.meta.url));
/** The Vite build of src/web (`npm run build:web`, see vite.config.ts); skipped while it does not exist. */
export const WEB_BUILD_DIR = fileURLToPath(new URL('../../dist/web', import.meta.url));

export interface StartOptions {
  port?: number;
  host?: string;
  /** Where the stores live; DATA_DIR or <repo>/__data1 by default. */
  dataDir?: string;
  publicDir?: string;
  configPath?: string;
  /** Static roots searched in order; [dist/web, publicDir] by default (the built pages first). */
  staticDirs?: string[];
  /** Write raw model I/O to <dataDir>/agent-debug.log (`--debug` or AGENT_DEBUG_LOG=1). */
  debugLog?: boolean;
  logger?: Logger;
  envReader?: () => Env;
  /** Build the planner from the opened trace store; the chart-backed planning service by default. */
  createPlanner?: (traceStore: TraceStore) => Planner;
  chartStructure?: () => unknown;
}

export interface RunningServer {
  server: Server;
  /** http://localhost:<port>/ (or the host it was bound to, when that is not a loopback address). */
  url: string;
  port: number;
  traceStore: TraceStore;
  recordingStore: RecordingStore;
  /** Stop accepting requests, end idle connections, flush and close both stores. Safe to call twice. */
  close(): Promise<void>;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '0.0.0.0', '::']);

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      server.off('listening', onListening);
      reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? defaultLogger;
  const dataDir = options.dataDir ?? defaultDataDir();
  const publicDir = options.publicDir ?? PUBLIC_DIR;
  const envReader = options.envReader ?? (() => readEnv());
  const [traceStore, recordingStore] = await Promise.all([TraceStore.open(dataDir, { logger }), RecordingStore.open(dataDir, { logger })]);
  const debugLog = createDebugLog({
    enabled: options.debugLog ?? false,
    path: join(dataDir, DEBUG_LOG_FILE),
    // Scrub every key the dotenv files hold now, not just those in process.env.
    secrets: () => secretValuesFromEnv(envReader()),
    onError: (error) => logger.warn({ err: error }, 'agent debug log not written'),
  });
  const planner = options.createPlanner?.(traceStore) ?? createPlanningService({ traceStore });

  const app = createApp({
    dataDir,
    publicDir,
    configPath: options.configPath ?? DEFAULT_AGENT_CONFIG_PATH,
    traceStore,
    recordingStore,
    planner,
    logger,
    envReader,
    debugLog,
    staticDirs: options.staticDirs ?? [WEB_BUILD_DIR, publicDir],
    chartStructure: options.chartStructure ?? chartStructure,
  });

  const host = options.host ?? DEFAULT_HOST;
  const server = createServer(app.callback());
  try {
    await listen(server, options.port ?? DEFAULT_PORT, host);
  } catch (error) {
    await Promise.all([traceStore.close(), recordingStore.close()]);
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  const shownHost = LOOPBACK_HOSTS.has(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // Give in-flight requests a moment to finish before cutting their connections.
      const grace = setTimeout(() => server.closeAllConnections(), 2000);
      await stopped;
      clearTimeout(grace);
      await Promise.all([traceStore.close(), recordingStore.close()]);
    })());

  return { server, url: `http://${shownHost}:${port}/`, port, traceStore, recordingStore, close };
}
