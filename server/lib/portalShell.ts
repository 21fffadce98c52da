/**
 * The portal shell (docs/performance.md): a signed-in portal page arrives with its frame and heading already drawn,
 * so the phone shows where it is while the app's code downloads, rather than a blank page. It is an overlay of
 * plain HTML and inline styles that looks like the frame (the header bar, the sidebar on wide screens) and the
 * screen's title and subtitle (core/site/pageHeads.ts); the app removes it when its own frame renders
 * (client/app/portalShellHandoff.ts). Only for the screens whose heading is known before the app runs, and only to
 * a browser that has a session (without one the app sends it to sign in). A dashboard's greeting names the person
 * (welcomeLine), the same words and size as the app's own, so the app's heading does not paint as something new.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { headOf, welcomeLine } from '../../core/site/pageHeads';

const STYLE = [
  '#gso-shell{position:fixed;inset:0;z-index:400;background:#f8f9fa;color:#000;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}',
  '#gso-shell .s-h{position:absolute;top:0;left:0;right:0;height:60px;box-sizing:border-box;display:flex;align-items:center;gap:12px;padding:0 16px;background:#fff;border-bottom:1px solid #dee2e6}',
  '#gso-shell .s-b{width:18px;height:2px;margin:0 5px;background:#000;box-shadow:0 -6px #000,0 6px #000}',
  '#gso-shell .s-l{display:flex;align-items:center;gap:8px;font-weight:800;font-size:16px;color:#173f69;white-space:nowrap}',
  '#gso-shell .s-n{display:none}',
  '#gso-shell .s-m{padding:76px 16px 16px}',
  '#gso-shell h1{margin:0;font-size:1.625rem;line-height:1.35;font-weight:700}',
  '#gso-shell p{margin:2px 0 0;font-size:1rem;line-height:1.55;color:#2e2e2e}',
  '#gso-shell .s-w{margin-top:24px}#gso-shell .s-w p{margin:0 0 8px;font-size:.875rem}',
  '@media (min-width:576px){#gso-shell .s-l{font-size:18px}}',
  '@media (min-width:1024px){#gso-shell .s-n{display:block;position:absolute;top:60px;bottom:0;left:0;width:260px;background:#fff;border-right:1px solid #dee2e6}#gso-shell .s-m{padding-left:276px}}',
].join('');

/**
 * The shell's one script (withShell). At once, it adds the app's stylesheets, which its script element names: added
 * by a script, they do not hold back the shell's first paint, as stylesheets in the page itself would. Once the
 * shell has painted, it asks for the app's code: the chunks, then the entry. Fixed text, so the page's
 * Content-Security-Policy allows it by its hash. A hidden tab draws no frames: there the timer starts the app.
 */
const SHELL_SCRIPT =
  "(function(){var page=document.currentScript.dataset,started=0;function add(list,tag,rel,attr){list.split(' ').forEach(function(u){if(!u)return;" +
  "var e=document.createElement(tag);if(rel)e.rel=rel;else e.type='module';e.crossOrigin='';e[attr]=u;(rel?document.head:document.body).appendChild(e)})}" +
  "add(page.styles,'link','stylesheet','href');" +
  "function go(){if(started++)return;add(page.preload,'link','modulepreload','href');add(page.entry,'script','','src')}" +
  'requestAnimationFrame(function(){setTimeout(go)});setTimeout(go,1000)})()';
/** The CSP source that allows the shell's one inline script. */
export const SHELL_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(SHELL_SCRIPT).digest('base64')}'`;

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface ShellHead {
  title: string;
  subtitle?: string;
  /** What the screen says first of the person's own figures (a dashboard's charts in words). */
  words?: string[];
}

/** The shell's markup for a screen's heading. */
function shellMarkup(head: ShellHead): string {
  const words = head.words?.length ? `<div class="s-w">${head.words.map((w) => `<p>${escape(w)}</p>`).join('')}</div>` : '';
  return (
    `<div id="gso-shell" aria-hidden="true"><style>${STYLE}</style>` +
    `<div class="s-h"><span class="s-b"></span><span class="s-l"><img src="/favicon.svg" alt="" width="32" height="32">Campus GSO</span></div>` +
    `<div class="s-n"></div><div class="s-m"><h1>${escape(head.title)}</h1>${head.subtitle ? `<p>${escape(head.subtitle)}</p>` : ''}${words}</div></div>`
  );
}

/** Who a dashboard greets, and what it says first of their own figures. */
export interface ShellGreeting {
  fullName: string | null;
  words: string[];
}

export interface ShellPage {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The app's page with the shell of `pathname` drawn in, compressed once per screen (a dashboard's, once per page
 * asked, quickly); undefined for other paths. `greeting`: who is signed in, for a dashboard (undefined: no one is,
 * and a dashboard's shell shows its title only).
 */
export function portalShellPages(
  appHtml: string | null,
  portalChunks: (pathname: string) => string[],
): (pathname: string, greeting?: ShellGreeting) => ShellPage | undefined {
  const made = new Map<string, ShellPage>();
  return (pathname, greeting) => {
    const fixed = headOf(pathname);
    if (!appHtml || !fixed || !appHtml.includes('<div id="root">')) return undefined;
    if (fixed.welcome && greeting) {
      const html = withShell(
        appHtml,
        { title: fixed.title, subtitle: welcomeLine(greeting.fullName, fixed.welcome), words: greeting.words },
        portalChunks(pathname),
      );
      return { html, br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }), gzip: gzipSync(html) };
    }
    let page = made.get(pathname);
    if (!page) {
      const html = withShell(appHtml, fixed, portalChunks(pathname));
      page = { html, br: brotliCompressSync(html), gzip: gzipSync(html) };
      made.set(pathname, page);
    }
    return page;
  };
}

/**
 * The shell has its own styles and paints as soon as it arrives. The app's stylesheets are fetched from the head
 * (preloads, all at once) and added by the shell's script, so they do not hold the shell back; the app's frame waits
 * for them (client/app/portalShellHandoff.ts). The app's code (its entry, the chunks the entry imports and the
 * portal's) is asked for once the shell has painted, all at once: when it came with the page and had all arrived
 * first, the browser ran it before showing anything.
 */
function withShell(appHtml: string, head: ShellHead, portalChunks: string[]): string {
  const sheets = [...appHtml.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)];
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(appHtml);
  const preloads = [...appHtml.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  const page = sheets
    .reduce((page, [sheet]) => page.replace(sheet, sheet.replace('rel="stylesheet"', 'rel="preload" as="style"')), appHtml)
    .replace('<div id="root">', `${shellMarkup(head)}<div id="root">`);
  if (!entry) return page.replace('<div id="root">', `${sheets.map(([sheet]) => sheet).join('')}<div id="root">`);
  const code = [...new Set([...preloads.map((p) => p[1]), ...portalChunks])].filter((chunk) => chunk !== entry[1]);
  const data = `data-styles="${sheets.map((s) => s[1]).join(' ')}" data-entry="${entry[1]}" data-preload="${code.join(' ')}"`;
  return [entry, ...preloads]
    .reduce((page, tag) => page.replace(tag[0], ''), page)
    .replace('</body>', `<script ${data}>${SHELL_SCRIPT}</script></body>`);
}
