// What the build's prerenders share (scripts/prerender-landing.tsx, scripts/prerender-portals.tsx): the built
// shells, the styles their markup uses inline, their markup in #root, and the chunks a module loads.
import fs from 'node:fs';
import Beasties from 'beasties';

export const dir = 'dist/client';

// Only the rules the drawn markup uses go inline (30 kB where the whole stylesheet was 250 kB, which the browser had
// to parse before its first paint). The stylesheets stay where they were, in the same order, but as media="print":
// fetched with the page without holding its first paint back, and switched on by the app's entry before it draws
// anything (client/app/deferredStylesheets.ts). Mantine's own styles in the markup are left as they are.
const critical = new Beasties({
  path: dir,
  publicPath: '/',
  // @ts-expect-error its types leave out false, which its code reads as "leave the links where they are"
  preload: false,
  reduceInlineStyles: false,
  logLevel: 'warn',
});
const STYLESHEET = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g;

/**
 * A built shell (`dist/client/<file>`) with `markup` in its #root and the styles that markup uses inline: the page
 * is readable before its stylesheets and scripts arrive.
 */
export async function prerendered(shellFile: string, markup: string, title?: string) {
  const shell = fs.readFileSync(`${dir}/${shellFile}`, 'utf8');
  if (!shell.includes('<div id="root"></div>')) throw new Error(`${dir}/${shellFile} has no empty #root to fill`);
  if (!shell.match(STYLESHEET)) throw new Error(`${dir}/${shellFile} has no stylesheet link`);
  const page = shell
    .replace('<title>Campus GSO</title>', () => (title ? `<title>${title} | Campus GSO</title>` : '<title>Campus GSO</title>'))
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
  const inlined = await critical.process(page);
  if (!inlined.match(STYLESHEET)) throw new Error(`the critical styles of ${shellFile} took its stylesheet links away`);
  return inlined.replace(STYLESHEET, (_, href: string) => `<link rel="stylesheet" crossorigin href="${href}" media="print" data-deferred>`);
}

type ManifestChunk = { file: string; name?: string; imports?: string[] };
export const manifest: Record<string, ManifestChunk> = JSON.parse(fs.readFileSync(`${dir}/.vite/manifest.json`, 'utf8'));

/** The chunk files a module loads, itself included. */
export const graphOf = (key: string, into = new Set<string>()): Set<string> => {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest: is it still an entry or a lazy route?`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const k of chunk.imports ?? []) graphOf(k, into);
  return into;
};
