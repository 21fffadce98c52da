import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The code explains itself with documents in this repository (docs/ARCHITECTURE.md, docs/product.md,
 * docs/decisions/): a comment cites a record that exists, never a numbered decision or a specification section
 * kept elsewhere, which the next engineer could not open. Nor does it cite a tracker's issue number (the word
 * followed by a number) or a numbered specification document: it says the why, or names the record.
 */
const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'])
  .toString()
  .split('\0')
  .filter((f) => /\.(ts|tsx|mjs|js|md)$/.test(f) && fs.existsSync(f) && f !== 'tests/unit/doc-citations.test.ts');

function occurrences(pattern: RegExp): string[] {
  const found: string[] = [];
  for (const file of files) {
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        for (const m of line.matchAll(pattern)) found.push(`${file}:${i + 1}: ${m[0]}`);
      });
  }
  return found;
}

describe('documents the code cites', () => {
  it('are in the repository: no "DECISIONS n", no issue numbers and no specification section numbers', () => {
    expect(occurrences(/DECISIONS \d+|\b[Ii]ssues? #?\d+|\b[Ss]pecs? 00\d\b|\b[Ss]pecification 00\d\b|\b00[0-2] s\d+\b/g)).toEqual([]);
  });

  it('exist: every docs/decisions record cited is there', () => {
    const cited = occurrences(/docs\/decisions\/[a-z0-9-]+\.md(?:, (?![a-z-]+\/)[a-z0-9-]+\.md)*/g).flatMap((hit) => {
      const [where, list] = hit.split(/: (?=docs\/decisions\/)/);
      return list
        .replace('docs/decisions/', '')
        .split(', ')
        .map((name) => ({ where, name }));
    });
    expect(cited.length).toBeGreaterThan(50);
    const missing = cited.filter(({ name }) => !fs.existsSync(`docs/decisions/${name}`)).map((c) => `${c.where}: ${c.name}`);
    expect(missing).toEqual([]);
  });
});
