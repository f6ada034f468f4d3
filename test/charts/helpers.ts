// Test helpers for the planning chart: real snapshots from the engine (Classic level 1 advanced a
// few ticks, with engine state), an oscillating history that the stall supervisor diagnoses, the
// planning request around them, and providers that record what they were handed.
import type { CombinedRecorder, EmitEvent, StageEvent } from 'footprintjs';
import { planStep } from '../../src/agent/planStep.js';
import type { HistoryEntry, HistoryPoint, Snapshot } from '../../src/agent/schemas.js';
import { defaultAgentConfig, type AgentConfig } from '../../src/config/agentConfig.js';
import { Game, KEY } from '../../src/game/index.js';
import { createProvider } from '../../src/llm/createProvider.js';
import { resolveProfile } from '../../src/llm/profiles.js';
import type { ModelProvider, ModelReply, ModelRequest } from '../../src/llm/provider.js';
import type { PlanningRequest } from '../../charts/planNextAction.js';

/** Classic level 1 (seed 1) after the runner walked right for `ticks` ticks. */
export function level1Snapshot(ticks = 6, seed = 1): Snapshot {
  const game = Game.fromLevel(1, 1, { seed });
  game.press(KEY.RIGHT, ticks);
  return game.snapshot({ withEngineState: true });
}

function point(snapshot: Snapshot, tick: number, x: number): HistoryPoint {
  const { runner, gold } = snapshot;
  return {
    tick,
    state: 'running',
    goldCount: gold.remainingCount,
    goldComplete: gold.complete,
    runner: { x, y: runner.y, xOffset: 0, yOffset: 0, action: 'stop' },
  };
}

/** Left/right swings on the runner's row that never take gold: a horizontal_oscillation. */
export function oscillatingHistory(snapshot: Snapshot, swings = 6): HistoryEntry[] {
  const { x, y } = snapshot.runner;
  const entries: HistoryEntry[] = [];
  let tick = Math.max(0, snapshot.tick - swings * 5);
  for (let i = 0; i < swings; i++) {
    const right = i % 2 === 0;
    const fromX = right ? x : x + 1;
    const toX = right ? x + 1 : x;
    entries.push({
      candidateId: right ? `collect_gold_27_${y}_right` : `collect_gold_0_${y}_left`,
      keyCode: right ? KEY.RIGHT : KEY.LEFT,
      ticks: 5,
      reason: 'swing',
      before: point(snapshot, tick, fromX),
      after: point(snapshot, tick + 5, toX),
    });
    tick += 5;
  }
  return entries;
}

export function config(overrides: (c: AgentConfig) => void = () => {}): AgentConfig {
  const c = defaultAgentConfig();
  overrides(c);
  return c;
}

export function planningRequest(snapshot: Snapshot, overrides: Partial<PlanningRequest> = {}): PlanningRequest {
  return {
    playData: 1,
    level: 1,
    snapshot,
    history: [],
    traceId: 'test-trace',
    stepIndex: 0,
    config: config(),
    ...overrides,
  };
}

/** The candidate ids the chart will show for this snapshot (same computation as the candidates slot). */
export function shownCandidateIds(snapshot: Snapshot, history: HistoryEntry[] = []): string[] {
  return planStep(snapshot, history, { candidateLimit: 7, maxActionTicks: 20 }).candidates.map((c) => c.id);
}

export function localProvider(): ModelProvider {
  return createProvider(resolveProfile({}, {}), {});
}

/** Wraps a provider and keeps every request it was handed. */
export function recordingProvider(inner: ModelProvider): ModelProvider & { requests: ModelRequest[] } {
  const requests: ModelRequest[] = [];
  return {
    profile: inner.profile,
    provider: inner.provider,
    model: inner.model,
    modelSource: inner.modelSource,
    requests,
    complete(req: ModelRequest): Promise<ModelReply> {
      requests.push(req);
      return inner.complete(req);
    },
  };
}

/** A provider answering each call with the next scripted text (or throwing the scripted error). */
export function scriptedProvider(script: (string | Error)[]): ModelProvider & { calls: number } {
  const provider = {
    profile: 'scripted',
    provider: 'scripted',
    model: 'scripted-model',
    modelSource: 'default',
    calls: 0,
    async complete(): Promise<ModelReply> {
      const next = script[provider.calls++];
      if (next === undefined) throw new Error('scripted provider: no answer left');
      if (next instanceof Error) throw next;
      return { text: next, durationMs: 1, usage: null, responseId: null, reasoning: null };
    },
  };
  return provider;
}

/** Records the order of stage starts and emits, to check what happened before what. */
export function orderRecorder(): CombinedRecorder & { log: string[] } {
  const log: string[] = [];
  return {
    id: 'test-order',
    log,
    onStageStart: (e: StageEvent) => void log.push(`start ${e.runtimeStageId}`),
    onEmit: (e: EmitEvent) => void log.push(`emit ${e.name}`),
  };
}
