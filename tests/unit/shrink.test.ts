import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, shrinkSize } from '../../core/files';

const MB = 1024 * 1024;
const jpeg = (size: number) => ({ type: 'image/jpeg', size });

describe('which picked files are shrunk before they are sent', () => {
  it('shrinks a phone photo to 2,000 pixels on its longest side, keeping its shape', () => {
    expect(shrinkSize(jpeg(8 * MB), { width: 4000, height: 3000 })).toEqual({ width: 2000, height: 1500 });
    expect(shrinkSize(jpeg(8 * MB), { width: 3000, height: 4000 })).toEqual({ width: 1500, height: 2000 });
    expect(shrinkSize({ type: 'image/png', size: 1 * MB }, { width: 2400, height: 1000 })).toEqual({ width: 2000, height: 833 });
  });

  it('re-encodes a photo over the limit at its own size, never larger', () => {
    expect(shrinkSize(jpeg(MAX_UPLOAD_BYTES + 1), { width: 1800, height: 1200 })).toEqual({ width: 1800, height: 1200 });
  });

  it('leaves a photo that is small and short enough as it is', () => {
    expect(shrinkSize(jpeg(MAX_UPLOAD_BYTES), { width: 2000, height: 1500 })).toBeNull();
    expect(shrinkSize({ type: 'image/png', size: 300 }, { width: 1, height: 1 })).toBeNull();
  });

  it('leaves a GIF alone (it may be animated) unless the server would refuse it', () => {
    expect(shrinkSize({ type: 'image/gif', size: 2 * MB }, { width: 4000, height: 3000 })).toBeNull();
    expect(shrinkSize({ type: 'image/gif', size: 6 * MB }, { width: 4000, height: 3000 })).toEqual({ width: 2000, height: 1500 });
  });

  it('never touches a PDF or any other file', () => {
    expect(shrinkSize({ type: 'application/pdf', size: 8 * MB }, { width: 4000, height: 3000 })).toBeNull();
    expect(shrinkSize({ type: 'text/csv', size: 8 * MB }, { width: 4000, height: 3000 })).toBeNull();
  });

  it('takes a larger longest side where one is given (the campus map)', () => {
    expect(shrinkSize(jpeg(3 * MB), { width: 3800, height: 2000 }, 4000)).toBeNull();
    expect(shrinkSize(jpeg(3 * MB), { width: 8000, height: 4000 }, 4000)).toEqual({ width: 4000, height: 2000 });
  });
});
