// A throwaway redis-server for the tests and bench:queue: a free loopback port, its files in a new
// temporary folder, no persistence, stopped (and the folder removed) by `stop()`. Reads nothing;
// writes only that folder. Needs the Debian redis-server binary (.ci/run installs it).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

export async function startRedisServer(binary = process.env.REDIS_SERVER ?? '/usr/bin/redis-server'): Promise<RedisServer> {
  const dir = mkdtempSync(join(tmpdir(), 'redis-'));
  const port = await freePort();
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A binary that cannot be spawned emits 'error' and never 'exit': both end the child here.
  let spawnError: Error | null = null;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', (e) => {
      spawnError = e;
      resolve();
    });
  });
  const url = `redis://127.0.0.1:${port}`;
  const stop = async () => {
    if (spawnError === null && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    probe.on('error', () => {});
    try {
      await probe.connect();
      await probe.ping();
      probe.disconnect();
      return { url, port, stop };
    } catch (e) {
      probe.disconnect();
      if (spawnError !== null) {
        await stop();
        throw new Error(
          `redis-server (${binary}) could not be started: ${(spawnError as Error).message} (install Debian's redis-server, or set REDIS_SERVER)`,
        );
      }
      if (i >= 100 || child.exitCode !== null) {
        await stop();
        throw new Error(`redis-server (${binary}) did not start on port ${port}: ${(e as Error).message}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
