import { describe, expect, it } from 'vitest';
import { readTogether } from '../../server/lib/readTogether';

// Reads asked at the same moment share one statement, and a read asked once a statement went out waits for the next
// one, so it sees what changed before it was asked (server/lib/readTogether.ts).
describe('reads asked together', () => {
  it('answers every key asked in one turn with one read', async () => {
    const reads: string[][] = [];
    const read = readTogether(async (keys: string[]) => {
      reads.push(keys);
      return new Map(keys.map((k) => [k, k.toUpperCase()]));
    });
    expect(await Promise.all([read('a'), read('b'), read('a')])).toEqual(['A', 'B', 'A']);
    expect(reads).toEqual([['a', 'b']]);
    expect(await read('c')).toBe('C');
    expect(reads).toHaveLength(2);
  });

  it('never hands a caller a read that went out before it asked', async () => {
    let value = 1;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reads = 0;
    const read = readTogether(async () => {
      const seen = value;
      if (reads++ === 0) await held; // the first read is slow to come back
      return new Map([['v', seen]]);
    });
    const first = read('v');
    await new Promise((resolve) => setImmediate(resolve)); // the first read has gone out
    value = 2; // a change committed after it went out
    const second = read('v');
    release();
    expect(await first).toBe(1);
    expect(await second).toBe(2);
    expect(reads).toBe(2);
  });

  it('fails every caller of a read that fails, and reads again after', async () => {
    let fail = true;
    const read = readTogether(async (keys: string[]) => {
      if (fail) throw new Error('connection lost');
      return new Map(keys.map((k) => [k, 1]));
    });
    await expect(Promise.all([read('a'), read('b')])).rejects.toThrow('connection lost');
    fail = false;
    expect(await read('a')).toBe(1);
  });
});
