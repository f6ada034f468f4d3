// Worker process of the experiment pool: runs one cell's episode per message through the chart,
// wrapping the provider with the arm's chaos (runEvalTask's wrapProvider hook). Reads the task
// message (several at once when the pool puts more than one in flight; model calls pass the pool's
// gate: the shared rate limit and call reports); answers with the episode's EvalResult; writes nothing (the parent appends the record).
import { serveTasks } from '../runner/pool.js';
import { runExperimentTask, type ExperimentTask } from './episodes.js';

serveTasks<ExperimentTask, Awaited<ReturnType<typeof runExperimentTask>>>((task, gate) => runExperimentTask(task, gate));
