// Worker process of the experiment pool: runs one cell's episode per message through the chart,
// wrapping the provider with the arm's chaos (runEvalTask's wrapProvider hook). Reads the task
// message; answers with the episode's EvalResult; writes nothing (the parent appends the record).
import { serveTasks } from '../runner/pool.js';
import { runExperimentTask, type ExperimentTask } from './episodes.js';

serveTasks<ExperimentTask, Awaited<ReturnType<typeof runExperimentTask>>>(runExperimentTask);
