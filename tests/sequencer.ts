import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, started first. Vitest runs the slowest files of its last run first, but on a fresh
 * clone (CI's first run, no results kept yet) it starts the largest files first, and these are not the largest: one
 * of them started last keeps the whole run waiting on it alone while the other workers stand idle.
 */
const LONGEST = [
  'fuzz',
  'fuzz-student',
  'fuzz-admin',
  'uploads',
  'crash',
  'compiled-server',
  'backup',
  'sign-in-limits',
  'stock-invariant',
  'labels',
].map((name) => `/tests/api/${name}.test.ts`);

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = LONGEST.findIndex((end) => file.moduleId.endsWith(end));
      return at === -1 ? LONGEST.length : at;
    };
    // A stable sort: the others keep Vitest's order.
    return sorted
      .map((file, i) => ({ file, i }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.i - b.i)
      .map(({ file }) => file);
  }
}
