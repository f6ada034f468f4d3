// Re-reads the dotenv files before each planning request, later overriding earlier: ~/.env, <repo>/.env,
// ~/.env.local, <repo>/.env.local, all layered over process.env. Reads those files (paths injectable);
// returns a fresh env map and never mutates process.env, so a key removed from a file is gone on the
// next read and a key edited in .env takes effect without a restart.
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'dotenv';
import type { Env } from './secrets.js';

/** The repository root (this file lives in src/llm). */
export const REPO_DIR = fileURLToPath(new URL('../../', import.meta.url));

export interface DotenvOptions {
  /** Defaults to os.homedir(). */
  homeDir?: string;
  /** Defaults to the repository root. */
  repoDir?: string;
  /** Overrides the four-file list entirely (lowest precedence first). */
  files?: readonly string[];
  /** The base layer; defaults to process.env (read, never written). */
  baseEnv?: Env;
}

/** What happened to one file; values are never recorded here, only key names. */
export interface DotenvSource {
  path: string;
  status: 'loaded' | 'missing' | 'unreadable';
  keys: string[];
  /** For 'unreadable': the OS error code (e.g. EACCES, EISDIR). */
  error?: string;
}

export interface LayeredEnv {
  env: Env;
  sources: DotenvSource[];
}

/** The four files in precedence order, lowest first. */
export function dotenvFiles(homeDir: string = homedir(), repoDir: string = REPO_DIR): string[] {
  return [join(homeDir, '.env'), join(repoDir, '.env'), join(homeDir, '.env.local'), join(repoDir, '.env.local')];
}

/** Read the dotenv files now and layer them over the base env. */
export function readLayeredEnv(options: DotenvOptions = {}): LayeredEnv {
  const files = options.files ?? dotenvFiles(options.homeDir, options.repoDir);
  const env: Record<string, string | undefined> = { ...(options.baseEnv ?? process.env) };
  const sources: DotenvSource[] = [];
  const seen = new Set<string>();
  for (const path of files) {
    if (seen.has(path)) continue; // home == repo: read each file once
    seen.add(path);
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? 'EUNKNOWN';
      sources.push(code === 'ENOENT' ? { path, status: 'missing', keys: [] } : { path, status: 'unreadable', keys: [], error: code });
      continue;
    }
    const parsed = parse(text);
    Object.assign(env, parsed);
    sources.push({ path, status: 'loaded', keys: Object.keys(parsed) });
  }
  return { env: Object.freeze(env), sources };
}

/** Shorthand for the env map alone. */
export function readEnv(options: DotenvOptions = {}): Env {
  return readLayeredEnv(options).env;
}
