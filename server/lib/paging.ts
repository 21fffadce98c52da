export const offsetOf = (q: { page: number; pageSize: number }) => (q.page - 1) * q.pageSize;

/**
 * A list made of consecutive segments, each ordered on its own (say, requests by status, newest first):
 * which part of each segment one page covers. Lets each segment be read through its own index.
 */
export function pageSegments<K>(
  segments: { key: K; size: number }[],
  offset: number,
  limit: number,
): { key: K; offset: number; limit: number }[] {
  const slices: { key: K; offset: number; limit: number }[] = [];
  let start = 0;
  for (const { key, size } of segments) {
    if (limit <= 0) break;
    const from = Math.max(0, offset - start);
    const take = Math.min(size - from, limit);
    if (take > 0) {
      slices.push({ key, offset: from, limit: take });
      limit -= take;
    }
    start += size;
  }
  return slices;
}
