// Dotenv layering: the four files in order over the base env, process.env left alone, and a key removed
// from a file gone on the next read.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dotenvFiles, readEnv, readLayeredEnv } from '../../src/llm/dotenv.js';

let root: string;
let home: string;
let repo: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'llm-dotenv-'));
  home = join(root, 'home');
  repo = join(root, 'repo');
  mkdirSync(home);
  mkdirSync(repo);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('readLayeredEnv', () => {
  it('lists the files lowest precedence first', () => {
    expect(dotenvFiles(home, repo)).toEqual([join(home, '.env'), join(repo, '.env'), join(home, '.env.local'), join(repo, '.env.local')]);
  });

  it('layers ~/.env < repo/.env < ~/.env.local < repo/.env.local over the base env', () => {
    writeFileSync(join(home, '.env'), 'A=home\nB=home\nC=home\nD=home\n');
    writeFileSync(join(repo, '.env'), 'B=repo\nC=repo\nD=repo\n');
    writeFileSync(join(home, '.env.local'), 'C=homelocal\nD=homelocal\n');
    writeFileSync(join(repo, '.env.local'), 'D="repo local"\n');
    const { env, sources } = readLayeredEnv({ homeDir: home, repoDir: repo, baseEnv: { A: 'base', Z: 'base' } });
    expect(env).toMatchObject({ A: 'home', B: 'repo', C: 'homelocal', D: 'repo local', Z: 'base' });
    expect(sources.map((s) => s.status)).toEqual(['loaded', 'loaded', 'loaded', 'loaded']);
    expect(sources[3]!.keys).toEqual(['D']);
  });

  it('does not mutate process.env, and a removed key disappears on the next read', () => {
    const name = 'LLM_DOTENV_TEST_ONLY_KEY';
    delete process.env[name];
    writeFileSync(join(repo, '.env'), `${name}=present\n`);
    expect(readEnv({ homeDir: home, repoDir: repo })[name]).toBe('present');
    expect(process.env[name]).toBeUndefined();
    writeFileSync(join(repo, '.env'), 'OTHER=1\n');
    expect(readEnv({ homeDir: home, repoDir: repo })[name]).toBeUndefined();
  });

  it('reports missing and unreadable files without failing', () => {
    mkdirSync(join(repo, '.env.local')); // a directory where a file is expected
    const { sources } = readLayeredEnv({ homeDir: home, repoDir: repo, baseEnv: {} });
    expect(sources.map((s) => s.status)).toEqual(['missing', 'missing', 'missing', 'unreadable']);
    expect(sources[3]!.error).toBe('EISDIR');
  });

  it('reads a file only once when home and repo are the same folder', () => {
    writeFileSync(join(repo, '.env'), 'A=1\n');
    const { sources } = readLayeredEnv({ homeDir: repo, repoDir: repo, baseEnv: {} });
    expect(sources.map((s) => s.path)).toEqual([join(repo, '.env'), join(repo, '.env.local')]);
  });

  it('returns a frozen map', () => {
    const env = readEnv({ homeDir: home, repoDir: repo, baseEnv: { A: '1' } });
    expect(Object.isFrozen(env)).toBe(true);
  });
});
