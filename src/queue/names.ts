// The names coordinators and workers agree on: the one queue every experiment uses (so a worker
// needs only the Redis URL) and a job's id, the cell's key inside its run folder's name, so the
// same cell of the same run is never queued twice and a restarted coordinator finds its jobs.

export const EXPERIMENT_QUEUE = 'footprint-runner-experiments';
export const EPISODE_JOB = 'episode';

/** `<run folder name>|<arm>|<level>|<seed>` (BullMQ ids may not contain ":"; none of these parts do). */
export const jobIdOf = (runId: string, cellKey: string): string => `${runId}|${cellKey}`;
