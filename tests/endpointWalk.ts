import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import type { Endpoint } from '../core/common/endpoint';

/** Walking the endpoint tables (core/<domain>/endpoints.ts) and their zod schemas, for table-driven API tests. */

export type Def = { type: string; innerType?: Z; element?: Z; shape?: Record<string, Z>; options?: Z[]; in?: Z };
export type Z = z.ZodType & { _zod: { def: Def } };
export const def = (s: Z) => s._zod.def;
/** The schema under optional, nullable and default wrappers. */
export const unwrap = (s: Z): Z => (['optional', 'nullable', 'default', 'prefault'].includes(def(s).type) ? unwrap(def(s).innerType!) : s);
export const shapeOf = (s: Z | undefined): Record<string, Z> | null => {
  if (!s) return null;
  const u = unwrap(s);
  if (def(u).type === 'object') return (u as unknown as { shape: Record<string, Z> }).shape;
  if (def(u).type === 'pipe') return shapeOf(def(u).in);
  return null;
};
/** A value of the schema's type, for the required fields before an id (so that the id's issue comes first). */
export function sample(s: Z): unknown {
  const d = def(s);
  switch (d.type) {
    case 'string':
      return 'Sample';
    case 'number':
      return 1;
    case 'boolean':
      return false;
    case 'enum':
      return Object.values((d as unknown as { entries: Record<string, unknown> }).entries)[0];
    case 'literal':
      return (d as unknown as { values: unknown[] }).values[0];
    case 'array':
      return [];
    case 'pipe':
      return sample(d.in!);
    case 'object':
      return Object.fromEntries(Object.entries(shapeOf(s)!).flatMap(([k, f]) => (required(f) ? [[k, sample(f)]] : [])));
    default:
      return null;
  }
}
export const required = (s: Z) => !['optional', 'default', 'prefault', 'nullable'].includes(def(s).type);

/** The body with the value at the id's place, and what the schema requires on the way there. */
export function bodyWith(s: Z, at: (string | number)[], value: unknown): unknown {
  if (at.length === 0) return value;
  const u = unwrap(s);
  const [head, ...rest] = at;
  if (typeof head === 'number') return [bodyWith(def(u).element!, rest, value)];
  const shape = shapeOf(u)!;
  const base = sample(def(u).type === 'pipe' ? def(u).in! : u) as Record<string, unknown>;
  return { ...base, [head!]: bodyWith(shape[head!]!, rest, value) };
}

const files = fs
  .readdirSync('core', { withFileTypes: true })
  .filter((d) => d.isDirectory() && fs.existsSync(path.join('core', d.name, 'endpoints.ts')))
  .map((d) => `core/${d.name}/endpoints.ts`);
const tables = await Promise.all(files.map((file) => import(`../${file}`)));
export const operations: Endpoint[] = tables.flatMap((t) =>
  Object.values(t).flatMap((table) => Object.values(table as Record<string, Endpoint>)),
);
