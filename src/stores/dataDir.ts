// Where the JSON stores live: DATA_DIR when set (resolved against the working directory),
// otherwise <repo>/__data1. Resolved at call time so a test or a CLI flag can set DATA_DIR
// before the first store opens. Reads the environment only; writes nothing.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_DATA_DIR = fileURLToPath(new URL('../../__data1', import.meta.url));

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.DATA_DIR?.trim();
  return fromEnv ? resolve(fromEnv) : REPO_DATA_DIR;
}
