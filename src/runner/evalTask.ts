// One evaluation episode as a serializable task and a compact result (what crosses the process
// boundary of the pool): level, seed and planner choice in; outcome, diagnosis and counters out.
import { randomUUID } from 'node:crypto';
import { evalStepCap, evalTickBudget } from './budget.js';
import { directPlanner } from './directPlanner.js';
import { runEpisode, type EpisodeResult } from './episode.js';

export interface EvalTask {
  playData: number;
  level: number;
  seed: number;
  godMode?: boolean;
  /** Plan search on (default) or off (the simulated-no-search variant). */
  planSearch?: boolean;
  simulate?: boolean;
}

export type EvalResult = Omit<EpisodeResult, 'demo' | 'finalSnapshot'>;

export async function runEvalTask(task: EvalTask): Promise<EvalResult> {
  const maxTicks = evalTickBudget(task.playData, task.level);
  const result = await runEpisode({
    playData: task.playData,
    level: task.level,
    seed: task.seed,
    godMode: task.godMode,
    maxTicks,
    maxSteps: evalStepCap(maxTicks),
    historyLimit: 24,
    traceId: randomUUID(),
    planner: directPlanner({ planSearch: task.planSearch, simulate: task.simulate }),
  });
  const { demo: _demo, finalSnapshot: _snapshot, ...rest } = result;
  return rest;
}
