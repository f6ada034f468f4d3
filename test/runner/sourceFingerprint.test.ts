// The fingerprint of the playing code changes with any byte or file name under the folders it
// covers and with nothing outside them.
import { mkdirSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFingerprint } from '../../src/runner/sourceFingerprint.js';

describe('sourceFingerprint', () => {
  it('follows the bytes and names of the code, not the files beside it', () => {
    const root = mkdtempSync(join(tmpdir(), 'fp-'));
    mkdirSync(join(root, 'src/agent'), { recursive: true });
    mkdirSync(join(root, 'charts'));
    writeFileSync(join(root, 'src/agent/plan.ts'), 'export const budget = 40000;\n');
    writeFileSync(join(root, 'charts/chart.ts'), 'export {};\n');
    const first = sourceFingerprint(root);
    expect(sourceFingerprint(root)).toBe(first);
    writeFileSync(join(root, 'README.md'), 'figures\n');
    expect(sourceFingerprint(root)).toBe(first);
    writeFileSync(join(root, 'src/agent/plan.ts'), 'export const budget = 400000;\n');
    const changed = sourceFingerprint(root);
    expect(changed).not.toBe(first);
    renameSync(join(root, 'charts/chart.ts'), join(root, 'charts/renamed.ts'));
    expect(sourceFingerprint(root)).not.toBe(changed);
  });

  it('is the one of this checkout for the real folders', () => {
    expect(sourceFingerprint()).toMatch(/^[0-9a-f]{16}$/);
  });
});
