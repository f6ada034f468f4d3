// `npm start`: serves the API and the pages on http://localhost:8080 (PORT and HOST override; HOST is
// 127.0.0.1 by default so nothing is exposed to the network unasked). `npm start -- --debug` logs at
// DEBUG and writes raw model I/O to <data dir>/agent-debug.log. Prints one line with the URL; on
// SIGINT/SIGTERM stops accepting requests and flushes both stores before exiting.
import { parseArgs } from 'node:util';
import { logger, setLogLevel } from '../config/logger.js';
import { isDebugLogEnabled } from '../llm/debugLog.js';
import { DEFAULT_HOST, DEFAULT_PORT, startServer } from '../server/main.js';

function fail(message: string, code = 2): never {
  process.stderr.write(`start: ${message}\n`);
  process.exit(code);
}

const { values } = parseArgs({
  options: {
    debug: { type: 'boolean', default: false },
    port: { type: 'string' },
    host: { type: 'string' },
  },
  strict: true,
});

const portText = values.port ?? process.env.PORT?.trim() ?? '';
const port = portText === '' ? DEFAULT_PORT : Number(portText);
if (!Number.isInteger(port) || port < 0 || port > 65535)
  fail(`port must be a whole number 0..65535; got "${portText}" (from --port or PORT)`);
const host = values.host ?? (process.env.HOST?.trim() || DEFAULT_HOST);

if (values.debug) setLogLevel('debug');
const debugLog = isDebugLogEnabled(process.env, values.debug ? ['--debug'] : []);

let running: Awaited<ReturnType<typeof startServer>>;
try {
  running = await startServer({ port, host, debugLog, logger });
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') fail(`port ${port} on ${host} is already in use; stop the other server or set PORT=<another port>`, 1);
  if (code === 'EACCES') fail(`not allowed to listen on ${host}:${port}; use a port above 1023 (PORT=8080)`, 1);
  throw error;
}

console.log(
  `footprint-runner listening on ${running.url}${debugLog ? ' (debug: raw model I/O goes to the data dir agent-debug.log)' : ''}`,
);

let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  if (stopping) {
    logger.warn({ signal }, 'second signal: exiting without waiting for the stores to flush');
    process.exit(1);
  }
  stopping = true;
  running.close().then(
    () => process.exit(0),
    (error: unknown) => {
      logger.error({ err: error }, 'shutdown: flushing the stores failed; the last changes may not be on disk');
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
