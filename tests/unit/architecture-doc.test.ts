import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODULES } from '../../layout.mjs';
import { loadConfig } from '../../server/config';
import type { Ctx } from '../../server/context';
import { scheduledJobs } from '../../server/jobs';

/**
 * docs/ARCHITECTURE.md's lists are held to the code: the libraries to package.json, the modules to server/modules and
 * layout.mjs, the files each module's row names to its folder, the jobs to server/jobs.ts. A list that drifts fails here.
 */
const root = path.resolve(import.meta.dirname, '../..');
const doc = fs.readFileSync(path.join(root, 'docs/ARCHITECTURE.md'), 'utf8');

/** The text of the section under `heading` (up to the next heading of the same or a higher level). */
function section(heading: string): string {
  const start = doc.indexOf(`${heading}\n`);
  if (start < 0) throw new Error(`docs/ARCHITECTURE.md has no "${heading}"`);
  const level = heading.split(' ')[0];
  const rest = doc.slice(start + heading.length);
  const next = rest.search(new RegExp(`\\n#{1,${level.length}} `));
  return next < 0 ? rest : rest.slice(0, next);
}

/** The cells of a markdown table's rows (header and rule left out). */
function tableRows(text: string): string[][] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .slice(1)
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

const quoted = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

describe('docs/ARCHITECTURE.md', () => {
  it('names every library the product runs with, and no other', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    const named = tableRows(section('## The stack')).flatMap(([libraries]) => quoted(libraries));
    expect(sorted(named)).toEqual(sorted(Object.keys(pkg.dependencies)));
  });

  it('has a row for every server module, as layout.mjs has an entry for each', () => {
    const folders = fs
      .readdirSync(path.join(root, 'server/modules'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    const rows = tableRows(section('### The modules')).map(([name]) => quoted(name)[0]);
    expect(sorted(rows)).toEqual(sorted(folders));
    expect(sorted(Object.keys(MODULES))).toEqual(sorted(folders));
  });

  it("names only files a module really has in its row's files", () => {
    const missing = tableRows(section('### The modules')).flatMap(([name, , , files]) => {
      const folder = path.join(root, 'server/modules', quoted(name)[0]);
      return quoted(files ?? '')
        .filter((file) => /\.tsx?$/.test(file))
        .filter((file) => !fs.existsSync(path.join(folder, file)))
        .map((file) => `${quoted(name)[0]}/${file}`);
    });
    expect(missing).toEqual([]);
  });

  it('lists every scheduled job by its name, and no other', () => {
    const ctx = { config: loadConfig({ REMINDER_TIME: '08:00' }), db: null } as unknown as Ctx;
    const jobs = scheduledJobs(ctx).map((job) => job.name);
    const listed = tableRows(section('## Background work')).map(([job]) => quoted(job)[0]);
    expect(sorted(listed)).toEqual(sorted(jobs));
  });
});
