import zlib from 'node:zlib';

/**
 * Names that make a PDF act on its own when it is opened or clicked: scripts, launching programs, attached
 * files, automatic actions (/AA; an /OpenAction is only dangerous through one of these), rich media, XFA
 * forms (which carry scripts) and actions that fetch or send data. A scanned ID needs none of them.
 */
const ACTIVE_NAMES = [
  'JavaScript',
  'JS',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'AA',
  'RichMedia',
  'XFA',
  'GoToE',
  'ImportData',
  'SubmitForm',
];
/** Stream encodings this check cannot undo (zlib covers FlateDecode), and encryption. */
const OPAQUE = ['LZWDecode', 'LZW', 'ASCIIHexDecode', 'AHx', 'ASCII85Decode', 'A85', 'RunLengthDecode', 'RL', 'Crypt', 'Encrypt'];
/** Object streams larger than this in all are refused rather than inflated (a zip bomb). */
const MAX_INFLATED_BYTES = 50 * 1024 * 1024;
const UNREADABLE = 'compressed objects that cannot be inspected';

/** A PDF name token: `/` and the regular characters after it (PDF 32000-1, 7.2.2 and 7.3.5). */
const NAME = /\/([^\s()<>[\]{}/%]*)/g;

/** The names in a piece of PDF text and where each starts, with `#xx` escapes decoded (`/J#61vaScript` is `/JavaScript`). */
function namesIn(text: string): { name: string; at: number }[] {
  const names: { name: string; at: number }[] = [];
  for (const match of text.matchAll(NAME)) {
    // NUL is PDF white space too, which \s does not cover.
    const name = match[1]!.split('\u0000')[0]!.replace(/#([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    names.push({ name, at: match.index });
  }
  return names;
}

const firstActive = (names: { name: string }[]) => ACTIVE_NAMES.find((n) => names.some((x) => x.name === n));

/** An object stream's data starts with pairs of integers, object number and offset (PDF 32000-1, 7.5.7). */
const OBJECT_STREAM_START = /^\s*\d+\s+\d+\s/;
/** A zlib header: deflate with a window of at most 32 KB, and the header's check bits. */
const looksZlib = (b: Buffer) => b.length > 2 && (b[0]! & 0x0f) === 8 && b[0]! >> 4 <= 7 && (b[0]! * 256 + b[1]!) % 31 === 0;
const STREAM = /stream(\r\n|\n|\r)/g;

/** The raw data of the stream whose keyword comes first at or after `from`: up to the next `endstream`. */
function streamAfter(text: string, bytes: Buffer, from: number): Buffer | null {
  STREAM.lastIndex = from;
  for (let m = STREAM.exec(text); m; m = STREAM.exec(text)) {
    if (text.slice(m.index - 3, m.index) === 'end') continue;
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    return end > start ? bytes.subarray(start, end) : null;
  }
  return null;
}

/** Every stream's raw data. */
function* streamsIn(text: string, bytes: Buffer): Generator<Buffer> {
  for (const m of text.matchAll(new RegExp(STREAM.source, 'g'))) {
    if (text.slice(m.index - 3, m.index) === 'end') continue;
    const data = streamAfter(text, bytes, m.index);
    if (data) yield data;
  }
}

/**
 * What in a PDF could act on its own, as a short phrase ("/JavaScript"), or null for a plain document.
 *
 * The raw bytes are scanned for the names above. Objects can also hide in compressed object streams: the
 * stream after each /ObjStm must inflate (zlib) to an object stream's layout, and is scanned; one that does
 * not (another encoding, a predictor, encryption, broken data) makes the PDF uninspectable, since what it
 * holds cannot be known. Any other stream that inflates to that layout (an object stream that omits its
 * /Type) is scanned as well; image and font data are not (their bytes could spell a name by chance).
 */
export function pdfActiveContent(bytes: Buffer): string | null {
  const text = bytes.toString('latin1');
  const names = namesIn(text);
  const found = firstActive(names);
  if (found) return `/${found}`;

  // Compressed objects are reached only through object streams, listed by cross-reference streams.
  const objectStreams = names.filter((n) => n.name === 'ObjStm');
  if (!objectStreams.length && !names.some((n) => n.name === 'XRef')) return null;
  if (names.some((n) => OPAQUE.includes(n.name))) return UNREADABLE;

  let inflated = 0;
  /** The active name inside an object stream's data, '' for none, or null when it cannot be read as one. */
  const scan = (data: Buffer): string | null => {
    if (!looksZlib(data) || inflated >= MAX_INFLATED_BYTES) return null;
    try {
      const content = zlib.inflateSync(data, { finishFlush: zlib.constants.Z_SYNC_FLUSH, maxOutputLength: MAX_INFLATED_BYTES - inflated });
      inflated += content.length;
      const objects = content.toString('latin1');
      if (!OBJECT_STREAM_START.test(objects)) return null;
      return firstActive(namesIn(objects)) ?? '';
    } catch {
      return null;
    }
  };

  for (const { at } of objectStreams) {
    const data = streamAfter(text, bytes, at);
    const hidden = data ? scan(data) : null;
    if (hidden === null) return UNREADABLE;
    if (hidden) return `/${hidden}`;
  }
  for (const data of streamsIn(text, bytes)) {
    if (!looksZlib(data)) continue;
    let head: string;
    try {
      head = zlib.inflateSync(data.subarray(0, 256), { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString('latin1');
    } catch {
      continue;
    }
    if (!OBJECT_STREAM_START.test(head)) continue;
    const hidden = scan(data);
    if (hidden) return `/${hidden}`;
  }
  return null;
}
