// A fingerprint of the code that plays an episode: sha256 over the paths and bytes of every file
// under src/ and charts/ (the engine, planner, chart, runner and their data). An eval log records it
// so a run resumed after a code change is refused instead of mixing two planners' results.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const PLAYING_CODE = ['src', 'charts'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : e.isFile() ? [join(dir, e.name)] : [],
  );
}

/** The first 16 hex digits of the hash (enough to tell two versions apart). */
export function sourceFingerprint(root = ROOT, folders = PLAYING_CODE): string {
  const hash = createHash('sha256');
  const files = folders.flatMap((f) => filesUnder(join(root, f))).map((f) => relative(root, f).split('\\').join('/'));
  for (const f of files.sort())
    hash
      .update(f)
      .update('\0')
      .update(readFileSync(join(root, f)))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}
