// Worker process of the evaluation pool: runs one episode per message.
import { runEvalTask, type EvalTask } from './evalTask.js';
import { serveTasks } from './pool.js';

serveTasks<EvalTask, Awaited<ReturnType<typeof runEvalTask>>>(runEvalTask);
