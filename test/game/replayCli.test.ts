// The replay CLI (src/cli/replay.ts): replays a legacy demo file and prints { total, matched,
// mismatches } as JSON; a tampered record is listed with expected/got; an unusable file exits 2.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { demoFileSchema, replayDemo } from '../../src/game/index.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURE = 'test/fixtures/classic-demos.json';
const TIMEOUT = 120_000;

function replayCli(demos: string) {
  return run('npx', ['tsx', 'src/cli/replay.ts', '--pack', 'classic', '--demos', demos, '--json'], {
    cwd: ROOT,
    timeout: TIMEOUT,
    maxBuffer: 16 * 1024 * 1024,
  });
}

const tmp = mkdtempSync(join(tmpdir(), 'replay-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('replay CLI', () => {
  it(
    'replays the 150 Classic world-record demos: all match',
    async () => {
      const { stdout } = await replayCli(FIXTURE);
      expect(JSON.parse(stdout)).toEqual({ total: 150, matched: 150, mismatches: [] });
    },
    TIMEOUT,
  );

  it(
    'lists a tampered record as a mismatch with the expected and the replayed outcome',
    async () => {
      const file = demoFileSchema.parse(JSON.parse(readFileSync(join(ROOT, FIXTURE), 'utf8')));
      const [good, original] = [file.demos[1], file.demos[0]];
      // tick 3's key DIG_RIGHT becomes RIGHT: the level-1 run goes differently
      const tampered = { ...original, action: original.action.map((v, i) => (i === 3 ? 39 : v)) };
      const got = replayDemo(1, tampered);
      expect(got).not.toEqual({ state: original.state, time: original.time });

      const path = join(tmp, 'two.json');
      writeFileSync(path, JSON.stringify({ playData: 1, demos: [good, tampered] }));
      const { stdout } = await replayCli(path);
      expect(JSON.parse(stdout)).toEqual({
        total: 2,
        matched: 1,
        mismatches: [{ level: original.level, expected: { state: original.state, time: original.time }, got }],
      });
    },
    TIMEOUT,
  );

  it(
    'a missing file exits with code 2 and says why on stderr',
    async () => {
      const missing = join(tmp, 'no-such-file.json');
      const error = await replayCli(missing).then(
        () => null,
        (e: { code?: number; stderr?: string; stdout?: string }) => e,
      );
      expect(error).not.toBeNull();
      expect(error!.code).toBe(2);
      expect(error!.stderr).toContain('replay: cannot read');
      expect(error!.stderr).toContain(missing);
      expect(error!.stdout).toBe('');
    },
    TIMEOUT,
  );
});
