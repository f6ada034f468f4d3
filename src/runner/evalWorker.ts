// Worker process of the evaluation pool: runs one episode per message, several at once when the
// pool puts more than one in flight, its model calls through the pool's gate (rate limit, reports).
import { runEvalTask, type EvalTask } from './evalTask.js';
import { serveTasks } from './pool.js';

serveTasks<EvalTask, Awaited<ReturnType<typeof runEvalTask>>>((task, gate) => runEvalTask(task, undefined, gate));
