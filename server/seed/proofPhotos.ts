import sharp from 'sharp';

/**
 * The demo's proof photos (returns, repair work): JPEGs the size a phone sends (1200 × 900, drafts.md), that
 * look like a snapshot of something on a table against a wall: light falling across, a soft shadow, the grain
 * of a camera. A few scenes are drawn once per process (test suites seed many databases) and shared in turn.
 */
const WIDTH = 1200;
const HEIGHT = 900;

const SCENES: { wall: [string, string]; table: [string, string]; thing: [string, string]; wide: boolean }[] = [
  { wall: ['#d9d4c7', '#a9a294'], table: ['#8a6a4a', '#5b4430'], thing: ['#3f6fb5', '#284a7d'], wide: true },
  { wall: ['#cfd8dc', '#90a4ae'], table: ['#6d6d6d', '#3e3e3e'], thing: ['#e0a030', '#a86f12'], wide: false },
  { wall: ['#e6ddd0', '#b8a58c'], table: ['#a47c55', '#6e5034'], thing: ['#2f8f5b', '#1d5e3b'], wide: false },
  { wall: ['#dfe3e8', '#9aa5b1'], table: ['#7b5e45', '#4a382a'], thing: ['#b23b3b', '#7a2323'], wide: true },
];

const rendered = new Map<number, Promise<Buffer>>();
let noise: Buffer | undefined;

/** The camera's grain, laid over each drawing so that no photo is flat colour: made once, as raw pixels. */
function grain(): Buffer {
  if (noise) return noise;
  noise = Buffer.alloc(WIDTH * HEIGHT * 3);
  let x = 0x2545f491; // xorshift: the same grain every time, quickly
  for (let i = 0; i < noise.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    // Two bytes of the state added: a fine grain around the middle grey (which soft light leaves unchanged).
    noise[i] = 128 + (((x & 0xff) + ((x >>> 8) & 0xff) - 255) >> 3);
  }
  return noise;
}

/** One of the demo's proof photos, by any number (taken in turn). */
export function demoProofPhoto(n: number): Promise<Buffer> {
  const scene = Math.abs(Math.trunc(n)) % SCENES.length;
  if (!rendered.has(scene)) rendered.set(scene, render(scene));
  return rendered.get(scene)!;
}

async function render(index: number): Promise<Buffer> {
  const { wall, table, thing, wide } = SCENES[index];
  const w = wide ? 520 : 340;
  const h = wide ? 260 : 380;
  const x = 600 - w / 2 + (index % 2 ? 60 : -40);
  const y = 640 - h;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <defs>
      <linearGradient id="wall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${wall[0]}"/><stop offset="1" stop-color="${wall[1]}"/></linearGradient>
      <linearGradient id="table" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${table[0]}"/><stop offset="1" stop-color="${table[1]}"/></linearGradient>
      <linearGradient id="front" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${thing[0]}"/><stop offset="1" stop-color="${thing[1]}"/></linearGradient>
      <radialGradient id="light" cx="0.3" cy="0.25" r="0.9"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></radialGradient>
      <radialGradient id="shadow"><stop offset="0.4" stop-color="#000" stop-opacity="0.5"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
    </defs>
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#wall)"/>
    <rect x="${140 + index * 90}" y="90" width="220" height="150" fill="#ffffff" fill-opacity="0.25" stroke="#000" stroke-opacity="0.15" stroke-width="6"/>
    <polygon points="0,560 ${WIDTH},540 ${WIDTH},${HEIGHT} 0,${HEIGHT}" fill="url(#table)"/>
    <ellipse cx="${x + w / 2 + 40}" cy="${y + h + 10}" rx="${w * 0.7}" ry="44" fill="url(#shadow)"/>
    <polygon points="${x},${y} ${x + 60},${y - 50} ${x + w + 60},${y - 50} ${x + w},${y}" fill="${thing[0]}" fill-opacity="0.85"/>
    <polygon points="${x + w},${y} ${x + w + 60},${y - 50} ${x + w + 60},${y + h - 50} ${x + w},${y + h}" fill="${thing[1]}"/>
    <rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#front)"/>
    <rect x="${x + w * 0.12}" y="${y + h * 0.2}" width="${w * 0.5}" height="${h * 0.14}" rx="6" fill="#fff" fill-opacity="0.8"/>
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#light)"/>
  </svg>`;
  return sharp(Buffer.from(svg))
    .composite([{ input: grain(), raw: { width: WIDTH, height: HEIGHT, channels: 3 }, blend: 'soft-light' }])
    .jpeg({ quality: 80, mozjpeg: false })
    .toBuffer();
}
