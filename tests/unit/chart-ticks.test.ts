import { describe, expect, it } from 'vitest';
import { ticksFor } from '../../client/ui/Chart';

const spec = (rows: number[][], more: { stacked?: boolean; max?: number } = {}) => ({
  data: rows.map((r) => Object.fromEntries(r.map((v, i) => [`s${i}`, v]))),
  series: rows[0]!.map((_, i) => ({ name: `s${i}`, label: `S${i}`, color: 'blue.7' })),
  ...more,
});

describe('a chart’s value axis', () => {
  it('runs in whole steps to a round number above the largest count', () => {
    expect(ticksFor(spec([[3], [8], [5]]))).toEqual([0, 2, 4, 6, 8]);
    expect(ticksFor(spec([[1], [0]]))).toEqual([0, 1]);
    expect(ticksFor(spec([[37]]))).toEqual([0, 10, 20, 30, 40]);
    expect(ticksFor(spec([[0], [0]]))).toEqual([0, 1]);
  });

  it('reaches a stack’s total, not its largest part', () => {
    expect(ticksFor(spec([[4, 3, 1]], { stacked: true }))).toEqual([0, 2, 4, 6, 8]);
    expect(ticksFor(spec([[4, 3, 1]]))).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps a fixed top (a share’s 100%, a rating’s 5) and fractions for figures that have them', () => {
    expect(ticksFor(spec([[47]], { max: 100 }))).toEqual([0, 20, 40, 60, 80, 100]);
    expect(ticksFor(spec([[4.5]], { max: 5 }))).toEqual([0, 1, 2, 3, 4, 5]);
    expect(ticksFor(spec([[0.3], [1.2]]))).toEqual([0, 0.5, 1, 1.5]);
  });
});
