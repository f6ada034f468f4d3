// Shared fixtures for the server tests: a REAL server on 127.0.0.1:0 over temp data/config/public
// dirs, with a captured logger, a fake env and a movable clock; a small fetch wrapper; a snapshot.
// Everything started here is stopped after each test.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { createLogger } from '../../src/config/logger.js';
import { Game } from '../../src/game/index.js';
import type { Env } from '../../src/llm/secrets.js';
import { createApp, type AppDeps } from '../../src/server/app.js';
import { GameSessions } from '../../src/server/gameSessions.js';
import { createPlanningService } from '../../src/service/planningService.js';
import { RecordingStore, TraceStore } from '../../src/stores/index.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

export async function tempDir(prefix = 'fr-server-'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A clock the test moves by hand (milliseconds). */
export function manualClock(start = Date.parse('2026-01-01T00:00:00.000Z')) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

export interface TestServerOptions extends Partial<AppDeps> {
  /** The public agent config file's contents (an object is written as JSON); none by default. */
  config?: unknown;
  env?: Env;
}

export interface TestServer {
  baseUrl: string;
  deps: AppDeps;
  dataDir: string;
  configPath: string;
  publicDir: string;
  lines: string[];
  traceStore: TraceStore;
  recordingStore: RecordingStore;
  games: GameSessions;
  clock: ReturnType<typeof manualClock>;
  /** How many times the env reader was called. */
  envReads: () => number;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { config, env, ...overrides } = options;
  const dataDir = overrides.dataDir ?? (await tempDir('fr-server-data-'));
  const publicDir = overrides.publicDir ?? (await tempDir('fr-server-public-'));
  const configPath = overrides.configPath ?? join(publicDir, 'agent-config.json');
  if (config !== undefined) await writeFile(configPath, typeof config === 'string' ? config : JSON.stringify(config));

  const lines: string[] = [];
  const logger = overrides.logger ?? createLogger({ level: 'debug', destination: { write: (line: string) => lines.push(line) } });
  const traceStore = overrides.traceStore ?? (await TraceStore.open(dataDir, { logger, coalesceMs: 5 }));
  const recordingStore = overrides.recordingStore ?? (await RecordingStore.open(dataDir, { logger, coalesceMs: 5 }));
  const clock = manualClock();
  const games = overrides.games ?? new GameSessions({ clock: clock.now });
  let reads = 0;
  const deps: AppDeps = {
    dataDir,
    publicDir,
    configPath,
    traceStore,
    recordingStore,
    planner: overrides.planner ?? createPlanningService({ traceStore }),
    logger,
    envReader: () => {
      reads++;
      return env ?? {};
    },
    clock: clock.now,
    games,
    ...overrides,
  };
  const server: Server = createApp(deps).listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await Promise.allSettled([traceStore.close(), recordingStore.close()]);
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    deps,
    dataDir,
    configPath,
    publicDir,
    lines,
    traceStore,
    recordingStore,
    games,
    clock,
    envReads: () => reads,
  };
}

/** Parsed JSON answers are read loosely in tests (`body.records[0].trace`), hence `any`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

export interface Answer<T = Loose> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

/** One request; an object body is sent as JSON, a string body as is (for malformed-JSON tests). */
export async function call<T = Loose>(server: TestServer, method: string, path: string, body?: unknown): Promise<Answer<T>> {
  const init: RequestInit = { method, headers: {} };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    init.headers = { 'content-type': 'application/json' };
  }
  const response = await fetch(`${server.baseUrl}${path}`, init);
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, body: parsed as T, text, headers: response.headers };
}

/** A fresh Classic 1:1 snapshot with engineState, as our clients send it. */
export function snapshotOf(playData = 1, level = 1) {
  return Game.fromLevel(playData, level, { seed: 1 }).snapshot({ withEngineState: true });
}

export function demo(level = 1, state: 0 | 1 = 1) {
  return { level, ai: 4, time: 120, state, godMode: 0, action: [0, 39, 10, 32], goldDrop: [], bornPos: [] };
}
