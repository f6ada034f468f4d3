// The episode log of an eval run (`eval --log file.jsonl`): a header line naming the run (pack,
// seed, planner settings, a fingerprint of the code that plays) and one line per finished episode,
// appended as it ends, so a long run (the 10x ceiling run takes hours) stopped at any point loses
// only the episodes in flight and the same command picks up where it stopped. A log written by other
// settings or other code is refused rather than mixed in. Reads and writes that one file.
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { episodeSummarySchema } from './episodeSummary.js';

export const evalLogHeaderSchema = z.object({
  kind: z.literal('footprint-runner eval log'),
  pack: z.string(),
  seed: z.number().int(),
  runs: z.number().int(),
  profile: z.string().nullable(),
  slots: z.record(z.string(), z.string()),
  direct: z.boolean(),
  budgetTicks: z.number().int(),
  deepSearch: z.string(),
  /** The plan search options the run overrode (`eval --search`); logs written before the flag have none. */
  search: z.record(z.string(), z.union([z.number(), z.boolean()])).default({}),
  /** sourceFingerprint() of the code that played the logged episodes. */
  source: z.string(),
});
export type EvalLogHeader = z.infer<typeof evalLogHeaderSchema>;
export type LoggedEpisode = z.infer<typeof episodeSummarySchema>;

export interface EvalLog {
  /** Episodes already in the log, by `level:seed`. */
  done: Map<string, LoggedEpisode>;
  append(episode: LoggedEpisode): void;
}

export const episodeKey = (level: number, seed: number) => `${level}:${seed}`;

/** The settings that differ between a log's header and this run's, as `name: logged -> now`. */
function differences(logged: EvalLogHeader, now: EvalLogHeader): string[] {
  return (Object.keys(now) as (keyof EvalLogHeader)[])
    .filter((k) => JSON.stringify(logged[k]) !== JSON.stringify(now[k]))
    .map((k) => `${k}: ${JSON.stringify(logged[k])} -> ${JSON.stringify(now[k])}`);
}

/** A line's JSON, or null when it is not JSON (a schema then says what is wrong with it). */
function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}

/**
 * Opens (or starts) the log at `path` for a run with `header`. Throws an Error with a message a
 * person can act on when the file is not an eval log or was written by another run. A last line
 * cut short by a crash is dropped (its episode is played again).
 */
export function openEvalLog(path: string, header: EvalLogHeader): EvalLog {
  const done = new Map<string, LoggedEpisode>();
  const lines = existsSync(path) ? readFileSync(path, 'utf8').split('\n') : [];
  if (lines.at(-1) === '') lines.pop();
  if (lines.length === 0) writeFileSync(path, JSON.stringify(header) + '\n');
  else {
    const logged = evalLogHeaderSchema.safeParse(parseLine(lines[0]!));
    if (!logged.success) throw new Error(`${path} is not an eval log (its first line is not an eval log header); give --log a new file`);
    const changed = differences(logged.data, header);
    if (changed.length > 0)
      throw new Error(`${path} was written by another run (${changed.join('; ')}); give --log a new file to start this one`);
    let kept = 1;
    for (let i = 1; i < lines.length; i++) {
      const episode = episodeSummarySchema.safeParse(parseLine(lines[i]!));
      if (!episode.success) {
        if (i === lines.length - 1) break; // cut short while it was written
        throw new Error(`${path} line ${i + 1} is not an episode of this log; fix or remove it`);
      }
      done.set(episodeKey(episode.data.level, episode.data.seed), episode.data);
      kept = i + 1;
    }
    if (kept < lines.length) writeFileSync(path, lines.slice(0, kept).join('\n') + '\n');
  }
  return {
    done,
    append(episode) {
      appendFileSync(path, JSON.stringify(episodeSummarySchema.parse(episode)) + '\n');
      done.set(episodeKey(episode.level, episode.seed), episode);
    },
  };
}
