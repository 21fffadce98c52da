/**
 * What a scanned or typed text opens (docs/decisions/labels-and-scanning.md). A label's QR code holds this site's
 * short address of a unit (/u/TAG) or a room (/r/CODE): it opens that path here. Any other address or text is not
 * one of the office's labels. A typed text is a tag or a room code: a room when a room has exactly that code
 * (asked of the rooms list), else a unit's tag.
 */
export type ScanTarget = { path: string } | { code: string } | { notOurs: true };

export const NOT_OUR_LABEL = 'Not a Campus GSO label: this code does not hold the address of one of the office’s units or rooms.';

const SHORT_PATH = /^\/(u|r)\/([^/]+)\/?$/;

/** `origins`: the page's own and APP_URL's (the address printed labels hold), which may differ (127.0.0.1, localhost). */
export function scanTarget(text: string, source: 'scanned' | 'typed', origins: readonly string[]): ScanTarget {
  const trimmed = text.trim();
  if (source === 'typed' && !/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return trimmed ? { code: trimmed } : { notOurs: true };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { notOurs: true };
  }
  if (!origins.includes(url.origin)) return { notOurs: true };
  const m = SHORT_PATH.exec(url.pathname);
  if (!m) return { notOurs: true };
  let part: string;
  try {
    part = decodeURIComponent(m[2]!);
  } catch {
    return { notOurs: true };
  }
  if (!part.trim()) return { notOurs: true };
  return { path: `/${m[1]}/${encodeURIComponent(part)}` };
}

/** A typed code's path: the room's when a room has exactly that code (codes are kept in capitals), else a unit's tag. */
export function typedPath(code: string, roomCodes: readonly string[]): string {
  const room = roomCodes.find((c) => c.toUpperCase() === code.trim().toUpperCase());
  return room ? `/r/${encodeURIComponent(room)}` : `/u/${encodeURIComponent(code.trim())}`;
}

/** The asset tag a read names: a unit label's short address (/u/TAG), or what was typed; null for anything else. */
export function scannedTag(text: string, source: 'scanned' | 'typed', origins: readonly string[]): string | null {
  const target = scanTarget(text, source, origins);
  if ('code' in target) return target.code;
  return 'path' in target && target.path.startsWith('/u/') ? decodeURIComponent(target.path.slice(3)) : null;
}
