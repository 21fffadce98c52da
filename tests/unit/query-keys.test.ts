import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { activityKeys, borrowingKeys, itemKeys, locationKeys } from '../../client/lib/queryKeys';

/**
 * Query keys come from the key factories in one place (client/lib/queryKeys.ts), so an invalidation after a write
 * names what it refreshes through the factory and cannot drift from the keys the queries use, and no feature imports
 * another's api file to refresh what it shows.
 */
const root = path.resolve(import.meta.dirname, '../..');
const filesOf = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? filesOf(full) : /\.tsx?$/.test(e.name) ? [full] : [];
  });
const clientFiles = filesOf(path.join(root, 'client')).map((f) => ({
  file: path.relative(root, f).split(path.sep).join('/'),
  text: fs.readFileSync(f, 'utf8'),
}));

describe('query keys', () => {
  it('are never written as literal arrays in the browser app', () => {
    const literal = /queryKey:\s*\[|(?:invalidateQueries|refetchQueries|removeQueries|cancelQueries|setQueryData|getQueryData)\(\s*\[/;
    expect(clientFiles.filter((f) => literal.test(f.text)).map((f) => f.file)).toEqual([]);
  });

  it('are built by the factories of client/lib/queryKeys.ts, which every feature api that queries uses', () => {
    const apis = clientFiles.filter((f) => /^client\/features\/[^/]+\/api\.ts$/.test(f.file) && /useQuery\(/.test(f.text));
    expect(apis.length).toBeGreaterThan(5);
    for (const api of apis) expect(api.text, api.file).toMatch(/from '\.\.\/\.\.\/lib\/queryKeys'/);
    const factories = clientFiles.filter((f) => /export const \w+Keys? = /.test(f.text)).map((f) => f.file);
    expect(factories).toEqual(['client/lib/queryKeys.ts']);
  });

  it('nest under their domain, so invalidating a domain reaches every list of it', () => {
    const params = { status: 'pending' as const, page: 2, pageSize: 20, search: 'maria' };
    for (const key of [
      borrowingKeys.office(params),
      borrowingKeys.mine(params),
      borrowingKeys.records({ ...params, status: 'overdue' }),
      borrowingKeys.one(12),
    ])
      expect(key.slice(0, borrowingKeys.all.length)).toEqual([...borrowingKeys.all]);
    expect(borrowingKeys.one(12)).toEqual(borrowingKeys.one('12'));
    expect(itemKeys.list({ page: 1 }).slice(0, itemKeys.all.length)).toEqual([...itemKeys.all]);
    expect(activityKeys.feed(1, 5).slice(0, activityKeys.all.length)).toEqual([...activityKeys.all]);
    for (const key of [locationKeys.buildings(), locationKeys.rooms({ search: 'lab', building: 3, page: 2 })])
      expect(key.slice(0, locationKeys.all.length)).toEqual([...locationKeys.all]);
  });
});
