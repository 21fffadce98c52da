import sharp from 'sharp';
import { DEMO_ITEM_ICON, ICON_NODES } from './itemIcons';

const CATEGORY_COLOUR: Record<string, [from: string, to: string]> = {
  Electrical: ['#f59e0b', '#b45309'],
  HVAC: ['#22d3ee', '#0e7490'],
  Plumbing: ['#60a5fa', '#1d4ed8'],
  Janitorial: ['#4ade80', '#15803d'],
  Maintenance: ['#a78bfa', '#6d28d9'],
};

const attrs = (a: Record<string, string>) =>
  Object.entries(a)
    .map(([k, v]) => `${k}="${v.replace(/"/g, '&quot;')}"`)
    .join(' ');

/** Rendered once per process: test suites seed many databases. */
const rendered = new Map<string, Promise<Buffer | null>>();

/** A demo item's picture as a PNG (480 × 360): its icon in white on its category's colour; null when it has none. */
export function demoItemPicture(name: string, category: string): Promise<Buffer | null> {
  const key = `${name}\n${category}`;
  if (!rendered.has(key)) rendered.set(key, render(name, category));
  return rendered.get(key)!;
}

async function render(name: string, category: string): Promise<Buffer | null> {
  const icon = ICON_NODES[DEMO_ITEM_ICON[name]];
  if (!icon) return null;
  const [from, to] = CATEGORY_COLOUR[category] ?? ['#94a3b8', '#475569'];
  const shapes = icon.map(([tag, a]) => `<${tag} ${attrs(a)}/>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="480" height="360" fill="url(#g)"/>
    <circle cx="240" cy="180" r="130" fill="#ffffff" fill-opacity="0.14"/>
    <g transform="translate(144 84) scale(8)" fill="none" stroke="#ffffff" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round">${shapes}</g>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
