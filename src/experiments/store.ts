// The run folder of an experiment, <DATA_DIR>/experiments/<name>-<timestamp>/: experiment.json
// (the definition it ran), episodes.jsonl (one record per finished cell, appended as it finishes),
// then results.json and report.html. Reads and writes only that folder; decides which folder a
// run uses (new, explicit --resume, or the newest unfinished one with the same definition).
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { episodeRecordSchema, type EpisodeRecord } from './episodes.js';
import type { Experiment } from './schema.js';

export const DEFINITION_FILE = 'experiment.json';
export const EPISODES_FILE = 'episodes.jsonl';
export const RESULTS_FILE = 'results.json';
export const REPORT_FILE = 'report.html';

export const experimentsRoot = (dataDir: string): string => join(dataDir, 'experiments');

/** 2025-01-31T10-19-48-123Z: sortable, no characters a file system dislikes. */
export const folderStamp = (date: Date): string => date.toISOString().replace(/[:.]/g, '-');

const STAMP = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z(?:-\d+)?$/;

interface StoredDefinition {
  experiment: Experiment;
  source: string | null;
  createdAt: string;
}

/** JSON with sorted keys, so two definitions compare by content. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

export const sameDefinition = (a: Experiment, b: Experiment): boolean => canonical(a) === canonical(b);

export function readDefinition(dir: string): StoredDefinition | null {
  const path = join(dir, DEFINITION_FILE);
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as StoredDefinition;
  } catch {
    return null;
  }
}

export const isFinished = (dir: string): boolean => existsSync(join(dir, RESULTS_FILE));

/** Run folders of one experiment, newest first. */
export function listRunDirs(root: string, name: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name.startsWith(`${name}-`) && STAMP.test(d.name.slice(name.length + 1)))
    .map((d) => d.name)
    .sort()
    .reverse()
    .map((n) => join(root, n));
}

function createRunDir(root: string, exp: Experiment, source: string | null, now: Date): string {
  mkdirSync(root, { recursive: true });
  const base = join(root, `${exp.name}-${folderStamp(now)}`);
  let dir = base;
  for (let i = 2; existsSync(dir); i++) dir = `${base}-${i}`;
  mkdirSync(dir);
  const stored: StoredDefinition = { experiment: exp, source, createdAt: now.toISOString() };
  writeFileSync(join(dir, DEFINITION_FILE), JSON.stringify(stored, null, 2) + '\n');
  writeFileSync(join(dir, EPISODES_FILE), '');
  return dir;
}

/** The folder asked for cannot be used (not a run folder, or another definition): a usage error. */
export class RunFolderError extends Error {
  override readonly name = 'RunFolderError';
}

export type FolderChoice = { mode: 'auto' } | { mode: 'fresh' } | { mode: 'resume'; dir: string };

export interface ChosenDir {
  dir: string;
  resumed: boolean;
  /** Why this folder (printed by the CLI). */
  note: string;
}

/**
 * The resume rule. `resume`: that folder (its definition must match). `fresh`: a new folder.
 * `auto` (the default): the newest folder of this experiment if it is unfinished (no results.json)
 * and ran the same definition; otherwise a new folder.
 */
export function chooseRunDir(root: string, exp: Experiment, choice: FolderChoice, source: string | null, now = new Date()): ChosenDir {
  if (choice.mode === 'resume') {
    const dir = resolve(choice.dir);
    const stored = readDefinition(dir);
    if (!stored) throw new RunFolderError(`${dir} is not an experiment run folder (no readable ${DEFINITION_FILE})`);
    if (!sameDefinition(stored.experiment, exp))
      throw new RunFolderError(
        `${dir} ran a different definition of "${stored.experiment.name}" than ${source ?? 'the one given'}; resume it without a file, or start a fresh run`,
      );
    return { dir, resumed: true, note: `resuming ${dir}` };
  }
  if (choice.mode === 'auto') {
    const newest = listRunDirs(root, exp.name)[0];
    if (newest && !isFinished(newest)) {
      const stored = readDefinition(newest);
      if (stored && sameDefinition(stored.experiment, exp))
        return { dir: newest, resumed: true, note: `resuming the unfinished run ${newest} (--fresh starts a new one)` };
      const dir = createRunDir(root, exp, source, now);
      return { dir, resumed: false, note: `new run ${dir} (the unfinished ${basename(newest)} ran another definition)` };
    }
  }
  const dir = createRunDir(root, exp, source, now);
  return { dir, resumed: false, note: `new run ${dir}` };
}

/**
 * The records already in episodes.jsonl. A line cut short by an interruption (or otherwise
 * unreadable) is dropped and the file rewritten without it, so appending continues cleanly.
 */
export function readEpisodes(dir: string): { records: EpisodeRecord[]; dropped: number } {
  const path = join(dir, EPISODES_FILE);
  if (!existsSync(path)) return { records: [], dropped: 0 };
  const text = readFileSync(path, 'utf8');
  const records: EpisodeRecord[] = [];
  const good: string[] = [];
  let dropped = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      records.push(episodeRecordSchema.parse(JSON.parse(line)));
      good.push(line);
    } catch {
      dropped++;
    }
  }
  const clean = good.map((l) => l + '\n').join('');
  if (clean !== text) writeFileSync(path, clean);
  return { records, dropped };
}

/** Appends one record as one line (synchronously: a finished cell is on disk before the next starts). */
export function appendEpisode(dir: string, record: EpisodeRecord): void {
  appendFileSync(join(dir, EPISODES_FILE), JSON.stringify(record) + '\n');
}
