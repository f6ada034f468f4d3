// The throwaway redis-server the queue tests and bench:queue start: a binary that is not there is a
// clear error naming it, not a hang until the test's timeout.
import { describe, expect, it } from 'vitest';
import { startRedisServer } from '../../src/queue/redisServer.js';

describe('startRedisServer', () => {
  it('a binary that does not exist fails at once, naming the binary and what to install', async () => {
    await expect(startRedisServer('/nonexistent/redis-server')).rejects.toThrow(
      /redis-server \(\/nonexistent\/redis-server\) could not be started: .*ENOENT.*install Debian's redis-server/,
    );
  }, 10_000);
});
