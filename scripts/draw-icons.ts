// Draws the app's icons (docs/decisions/pwa.md) from the favicon's mark into client/public/icons/: the manifest's
// 192 and 512 pixel icons, their maskable versions (the mark inside the safe zone on a full square of the brand
// blue, for Android's shapes) and the 180 pixel apple-touch-icon (iOS rounds the corners itself). Run it again when
// the favicon changes: `npx tsx scripts/draw-icons.ts`; the PNGs are committed.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const dir = path.resolve(import.meta.dirname, '../client/public/icons');
const favicon = fs.readFileSync(path.resolve(import.meta.dirname, '../client/public/favicon.svg'), 'utf8');
const mark = /<svg[^>]*>(?:<rect[^>]*\/>)(.*)<\/svg>/.exec(favicon)?.[1];
if (!mark) throw new Error('client/public/favicon.svg is not the square and the mark it was');
const blue = /fill="(#[0-9a-f]{6})"/i.exec(favicon)![1];

/** The mark on a full square (no rounded corners), scaled about the centre. */
const square = (scale: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${blue}"/>` +
  `<g transform="translate(32 32) scale(${scale}) translate(-32 -32)">${mark}</g></svg>`;

const draw = (svg: string, size: number, name: string) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(dir, name));

fs.mkdirSync(dir, { recursive: true });
await Promise.all([
  draw(favicon, 192, 'icon-192.png'),
  draw(favicon, 512, 'icon-512.png'),
  // The safe zone of a maskable icon is the circle of 80% of its width: the mark fits inside at 0.8.
  draw(square(0.8), 192, 'maskable-192.png'),
  draw(square(0.8), 512, 'maskable-512.png'),
  draw(square(1), 180, 'apple-touch-icon.png'),
]);
