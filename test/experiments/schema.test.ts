// The experiment file schema: the shipped files parse; every mistake names its field.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { experimentCells, ExperimentFileError, loadExperiment, parseExperiment } from '../../src/experiments/schema.js';

const valid = {
  levels: { pack: 'classic', ranges: '1-3' },
  runs: 2,
  seed: 5,
  arms: [{ id: 'default' }, { id: 'geo', slots: { candidates: 'geometric' }, options: { recovery: false, chaos: { rate: 0.3, seed: 1 } } }],
};

function problems(json: unknown): string[] {
  try {
    parseExperiment(json, 'experiments/x.json');
  } catch (e) {
    expect(e).toBeInstanceOf(ExperimentFileError);
    expect((e as Error).message).toContain('experiments/x.json');
    return (e as ExperimentFileError).problems;
  }
  throw new Error('expected the experiment to be rejected');
}

const withArm = (arm: unknown) => ({ ...valid, arms: [{ id: 'default' }, arm] });

describe('experiment schema', () => {
  it('expands levels, seeds and defaults, names the experiment after the file', () => {
    const exp = parseExperiment(valid, 'experiments/x.json');
    expect(exp).toMatchObject({ name: 'x', pack: 'classic', playData: 1, levels: [1, 2, 3], seeds: [5, 6] });
    expect(exp.arms[0]).toEqual({ id: 'default', slots: {}, options: {} });
    const cells = experimentCells(exp);
    expect(cells).toHaveLength(2 * 3 * 2);
    // level by level, seed by seed, arm by arm: a partial run stays paired
    expect(cells.slice(0, 2).map((c) => c.key)).toEqual(['default|1|5', 'geo|1|5']);
    expect(parseExperiment({ ...valid, runs: undefined, seed: undefined, seeds: [3, 9] }, 'e.json').seeds).toEqual([3, 9]);
  });

  it('ships its experiments, and every one parses', async () => {
    const dir = new URL('../../experiments/', import.meta.url);
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    expect(files).toEqual(expect.arrayContaining(['plan-search.json', 'recovery-ablation.json', 'slots-ablation.json', 'smoke.json']));
    for (const f of files) await expect(loadExperiment(new URL(f, dir).pathname)).resolves.toMatchObject({ name: f.replace('.json', '') });
  });

  it('names an unknown slot variant and lists the variants', () => {
    expect(problems(withArm({ id: 'geo', slots: { candidates: 'geo' } }))).toEqual([
      'arms[1].slots.candidates: unknown variant "geo" (variants: simulated, simulated-no-search, simulated-no-outcomes, simulated-unranked, geometric)',
    ]);
    expect(problems(withArm({ id: 'x', slots: { board: 'on' } }))[0]).toMatch(
      /^arms\[1\]\.slots\.board: unknown slot \(slots: .*candidates/,
    );
  });

  it('names misspelt, missing and out-of-range fields', () => {
    expect(problems(withArm({ id: 'x', options: { recovry: false } }))).toEqual(['arms[1].options: unknown field "recovry"']);
    expect(problems(withArm({ id: 'x', options: { chaos: { rate: 1.5, seed: 1 } } }))[0]).toMatch(/^arms\[1\]\.options\.chaos\.rate: .*1/);
    expect(problems(withArm({ id: 'x', options: { chaos: { rate: 0.5 } } }))[0]).toMatch(/^arms\[1\]\.options\.chaos\.seed: required/);
    expect(problems({ ...valid, levels: { pack: 'classic', ranges: '1-200' } })).toEqual([
      'levels.ranges: levels must lie in 1..150; got 1-200',
    ]);
    expect(problems({ ...valid, levels: { pack: 'clasic', ranges: '1' } })[0]).toMatch(/^levels\.pack: .*classic/);
    expect(problems({ ...valid, arms: [] })).toEqual(['arms: list at least one arm']);
    expect(problems({ ...valid, arms: undefined })[0]).toMatch(/^arms: required/);
    expect(problems({ ...valid, run: 3 })).toEqual(['(top level): unknown field "run"']);
  });

  it('rejects duplicate arm ids, bad ids and mixed seed forms', () => {
    expect(problems({ ...valid, arms: [{ id: 'a' }, { id: 'a' }] })).toEqual(['arms[1].id: duplicate arm id "a"']);
    expect(problems(withArm({ id: 'has space' }))[0]).toMatch(/^arms\[1\]\.id: an arm id is/);
    expect(problems({ ...valid, seeds: [1, 2] })).toEqual(['seeds: give either "seeds" or "runs"/"seed", not both']);
  });

  it('reports unreadable files and bad JSON with the path', async () => {
    await expect(loadExperiment('/nonexistent/e.json')).rejects.toThrow(/\/nonexistent\/e\.json .*cannot read the file \(ENOENT\)/s);
  });
});
