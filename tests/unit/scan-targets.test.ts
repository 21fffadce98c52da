import { describe, expect, it } from 'vitest';
import { scanTarget, typedPath } from '../../client/features/scan/targets';

/** What a scanned or typed text opens (docs/decisions/labels-and-scanning.md). */
describe('scan targets', () => {
  const origin = ['https://gso.campus.edu'];

  it("opens this site's short addresses of units and rooms", () => {
    expect(scanTarget('https://gso.campus.edu/r/SCI-101', 'scanned', origin)).toEqual({ path: '/r/SCI-101' });
    expect(scanTarget(' https://gso.campus.edu/u/PRJ-0042/ ', 'scanned', origin)).toEqual({ path: '/u/PRJ-0042' });
    expect(scanTarget('https://gso.campus.edu/u/A%20B', 'scanned', origin)).toEqual({ path: '/u/A%20B' });
    // The labels hold APP_URL's origin, which may not be the one the page was opened at.
    expect(scanTarget('http://localhost:3000/r/ENG-1', 'scanned', ['http://127.0.0.1:3000', 'http://localhost:3000'])).toEqual({
      path: '/r/ENG-1',
    });
    // A typed address is read as an address too.
    expect(scanTarget('https://gso.campus.edu/r/ENG-1', 'typed', origin)).toEqual({ path: '/r/ENG-1' });
  });

  it('refuses other sites, other paths and plain text read from a code', () => {
    for (const text of [
      'https://evil.example/r/SCI-101',
      'http://gso.campus.edu/r/SCI-101',
      'https://gso.campus.edu/admin/users',
      'https://gso.campus.edu/r/',
      'https://gso.campus.edu/r/SCI/101',
      'https://gso.campus.edu/r/%E0%A4%A',
      'javascript:alert(1)',
      'SCI-101',
      'WIFI:S:campus;T:WPA;P:secret;;',
    ])
      expect(scanTarget(text, 'scanned', origin), text).toEqual({ notOurs: true });
  });

  it('takes typed text as a tag or code: a room when a room has exactly that code, else a unit', () => {
    expect(scanTarget('  sci-101 ', 'typed', origin)).toEqual({ code: 'sci-101' });
    expect(typedPath('sci-101', ['SCI-1010', 'SCI-101'])).toBe('/r/SCI-101');
    expect(typedPath('SCI-10', ['SCI-101'])).toBe('/u/SCI-10');
    expect(typedPath('PRJ 7/8', [])).toBe('/u/PRJ%207%2F8');
  });
});
