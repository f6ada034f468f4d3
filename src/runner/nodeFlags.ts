// The Node flags a process that runs the plan search starts with, shared by the pools that fork
// episode workers (the npm scripts pass the same flag). The search keeps thousands of young
// states alive in its open lists, so V8's default young generation (16 MB semi-spaces) spends
// its time copying survivors: bench:planner's p99 per decision on the agent's own play went from
// 243 ms to 105 ms with 64 MB semi-spaces (128 MB bought nothing more).
export const SEARCH_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];

/** The execArgv of a forked worker that loads TypeScript through tsx and runs the plan search. */
export const workerExecArgv = (): string[] => ['--import', 'tsx', ...SEARCH_NODE_FLAGS];
