// What the build's prerenders share (scripts/prerender-landing.tsx, scripts/prerender-portals.tsx): the built
// shells, their stylesheets inline, their markup in #root, and the chunks a module loads.
import fs from 'node:fs';

export const dir = 'dist/client';

/**
 * A built shell (`dist/client/<file>`) with `markup` in its #root and its stylesheets inline: one round trip less
 * before the first paint, and the page is readable before its scripts arrive.
 */
export function prerendered(shellFile: string, markup: string, title?: string) {
  const shell = fs.readFileSync(`${dir}/${shellFile}`, 'utf8');
  if (!shell.includes('<div id="root"></div>')) throw new Error(`${dir}/${shellFile} has no empty #root to fill`);
  const cssLinks = [...shell.matchAll(/<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g)];
  if (!cssLinks.length) throw new Error(`${dir}/${shellFile} has no stylesheet link`);
  const css = cssLinks.map(([, href]) => fs.readFileSync(`${dir}${href}`, 'utf8')).join('\n');
  return shell
    .replace(cssLinks[0][0], () => `<style>${css}</style>`)
    .replace(/\s*<link rel="stylesheet" crossorigin href="\/assets\/[^"]+\.css">/g, '')
    .replace('<title>Campus GSO</title>', () => (title ? `<title>${title} | Campus GSO</title>` : '<title>Campus GSO</title>'))
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
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
