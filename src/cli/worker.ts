// `npm run worker -- --queue redis://host:6379 [--concurrency n] [--lock-ms ms]`: a queue worker
// on this machine's checkout. Plays experiment episodes from the queue until stopped (Ctrl-C
// finishes the running episodes first; a second Ctrl-C stops at once, and the queue gives those
// jobs to another worker). Prints one line per job on stderr.
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { displayUrl, parseRedisUrl } from '../queue/connection.js';
import { startQueueWorker } from '../queue/worker.js';
import { fail as failWith } from './args.js';

const USAGE = 'usage: npm run worker -- --queue redis://host:6379 [--concurrency n] [--lock-ms ms]';
const fail = (message: string): never => failWith('worker', message);

let parsed;
try {
  parsed = parseArgs({ options: { queue: { type: 'string' }, concurrency: { type: 'string' }, 'lock-ms': { type: 'string' } } });
} catch (e) {
  fail(`${(e as Error).message}\n${USAGE}`);
}
const { values } = parsed!;
if (!values.queue) fail(`name the queue's Redis with --queue\n${USAGE}`);
let url = '';
try {
  url = parseRedisUrl(values.queue!);
} catch (e) {
  fail((e as Error).message);
}
const concurrency = values.concurrency === undefined ? 1 : Number(values.concurrency);
if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64)
  fail(`--concurrency is the number of episodes at once, 1..64 (this machine has ${availableParallelism()} cores)`);
const lockMs = values['lock-ms'] === undefined ? undefined : Number(values['lock-ms']);
if (lockMs !== undefined && (!Number.isInteger(lockMs) || lockMs < 500)) fail('--lock-ms is a whole number of milliseconds, at least 500');

const say = (line: string) => process.stderr.write(`worker: ${line}\n`);
try {
  const worker = await startQueueWorker({
    url,
    concurrency,
    lockMs,
    log: say,
    onFatal: (err) => {
      say(err.message);
      process.exit(1);
    },
  });
  say(`${worker.name} takes episodes from ${displayUrl(url)} (${concurrency} at a time); Ctrl-C stops`);
  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(130);
    stopping = true;
    say('finishing the running episodes (Ctrl-C again stops now; the queue re-runs them elsewhere)');
    void worker.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (e) {
  say((e as Error).message);
  process.exit((e as Error).name === 'QueueUnreachableError' ? 2 : 1);
}
