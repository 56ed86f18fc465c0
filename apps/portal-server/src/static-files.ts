// The portal's build, served as a production server does (issue #15): every file read once at
// start and kept with its brotli and gzip forms; hashed `/assets/*` immutable (an unknown one
// is a 404, never the page); index.html `no-cache`, with the first view's boot data (who is
// signed in, a sign-in error) as a JSON data block, which a strict CSP does not treat as script;
// a rendered first view with the CSS its markup uses inline, the whole stylesheet linked after it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { LocaleCode } from '@portal/core';
import { toLocaleCode } from '@portal/adapters';
import { cacheControlFor } from '@portal/portal/runtime-config';
import { firstViewDataId, greetingTextsId } from '@portal/portal/first-view';
import { createFirstViewCss, type FirstViewCss } from './first-view-css.ts';

interface StaticFile {
  readonly type: string;
  readonly raw: Buffer;
  readonly br?: Buffer;
  readonly gzip?: Buffer;
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const compressible = (type: string) => /^(text\/|application\/(json|manifest)|image\/svg)/.test(type);

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

export interface StaticSite {
  /** A file of the build by URL path, or undefined. */
  file(pathname: string): StaticFile | undefined;
  /**
   * index.html with the boot data, in the device's language and colour scheme (no flash of the
   * wrong one); with `view`, the first view the server rendered inside its root (issue #16).
   */
  page(boot: unknown, root?: PageRoot, view?: RenderedView): string;
  /**
   * The page up to its root: sent while the first view is rendered; with `title`, the page's own
   * `<title>` instead of index.html's (the brand name).
   */
  pageStart(boot: unknown, root?: PageRoot, title?: string): string;
  /**
   * The rest of the page after `pageStart`: the CSS the view's markup uses (inline, with the
   * view's nonce), the root with the view, its data, the link to the whole stylesheet, the end.
   */
  pageEnd(view?: RenderedView): string;
}

/** The first view as the portal's server bundle rendered it. */
interface RenderedView {
  /** The inside of `<div id="root">`. */
  readonly html: string;
  /** The data it was rendered with, for the client's hydration (`hk-first-view`). */
  readonly data: unknown;
  /** The launcher's heading per time of day, and the inline script that picks the browser's. */
  readonly greetings?: { readonly texts: unknown; readonly script: string };
  /** The CSP nonce of the page's inline style (the answer's `style-src` names it). */
  readonly nonce: string;
}

/** The attributes of the page's <html>: values from allow-lists only. */
interface PageRoot {
  readonly lang: LocaleCode;
  readonly theme: 'light' | 'dark' | undefined;
}

export function loadStaticSite(distDir: string): StaticSite {
  const files = new Map<string, StaticFile>();
  for (const full of walk(distDir)) {
    const path = `/${relative(distDir, full).split(sep).join('/')}`;
    if (path.startsWith('/.vite/')) continue;
    const type = types[extname(full)] ?? 'application/octet-stream';
    const raw = readFileSync(full);
    const packed =
      compressible(type) && raw.byteLength > 512
        ? {
            br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gzip: gzipSync(raw, { level: 9 }),
          }
        : {};
    files.set(path, { type, raw, ...packed });
  }
  const built = files.get('/index.html')?.raw.toString('utf8');
  if (built === undefined) throw new Error(`portal-server: no index.html in ${distDir} (build the portal first)`);
  // Its comments and the indentation between its tags are for its readers, not for every page (#28.15).
  const index = built.replace(/<!--[\s\S]*?-->/g, '').replace(/>\s+</g, '><');
  // The stylesheets (#28.15, ADR 0028): a rendered first view carries inline only the rules its
  // markup uses (`FirstViewCss`, allowed by the page's nonce); the whole stylesheet is linked at
  // the end of the body, where it holds up neither the first paint nor anything above it (and
  // the module script, which runs after it: the hydrated page has every rule).
  const stylesheets: FirstViewCss[] = [];
  const links: string[] = [];
  const withoutLinks = index.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>\s*/g, (link, href: string) => {
    const css = files.get(href)?.raw.toString('utf8');
    if (css !== undefined && !/<\/style/i.test(css)) stylesheets.push(createFirstViewCss(css));
    links.push(`<link rel="stylesheet" href="${href}">`);
    return '';
  });
  const [head, tail] = splitAtHeadEnd(withoutLinks);
  const rootTag = /<html[^>]*>/.exec(head);
  if (rootTag === null) throw new Error('portal-server: index.html has no <html> tag');
  const [before, afterRootTag] = [head.slice(0, rootTag.index), head.slice(rootTag.index + rootTag[0].length)];
  // index.html's <title> (the brand name), replaced by a page's own; a head without one gets it at its end.
  const titleTag = /<title>[^<]*<\/title>/.exec(afterRootTag);
  const [beforeTitle, indexTitle, afterTitle] =
    titleTag === null
      ? [afterRootTag, '', '']
      : [afterRootTag.slice(0, titleTag.index), titleTag[0], afterRootTag.slice(titleTag.index + titleTag[0].length)];
  const rootElement = '<div id="root"></div>';
  const rootAt = tail.indexOf(rootElement);
  if (rootAt < 0) throw new Error(`portal-server: index.html has no ${rootElement}`);
  const [beforeRoot, afterRootWithBody] = [tail.slice(0, rootAt), tail.slice(rootAt + rootElement.length)];
  const bodyEnd = afterRootWithBody.lastIndexOf('</body>');
  const afterRoot =
    bodyEnd < 0
      ? `${afterRootWithBody}${links.join('')}`
      : `${afterRootWithBody.slice(0, bodyEnd)}${links.join('')}${afterRootWithBody.slice(bodyEnd)}`;
  const pageStart = (boot: unknown, root: PageRoot = { lang: 'de', theme: undefined }, title?: string) => {
    const tag = `<html lang="${toLocaleCode(root.lang) ?? 'de'}"${root.theme === 'light' || root.theme === 'dark' ? ` data-theme="${root.theme}"` : ''}>`;
    const titled = title === undefined ? indexTitle : `<title>${textForHtml(title)}</title>`;
    // The canvas in the page's scheme before any CSS has arrived (the page's CSS comes with its view).
    const scheme = `<meta name="color-scheme" content="${root.theme ?? 'light dark'}">`;
    return `${before}${tag}${beforeTitle}${scheme}${titled}${afterTitle}<script type="application/json" id="hk-boot">${jsonForHtml(boot)}</script>${beforeRoot}`;
  };
  const pageEnd = (view?: RenderedView) => {
    if (view === undefined) return `${rootElement}${afterRoot}`;
    const css = stylesheets.map((sheet) => sheet.forHtml(view.html)).join('');
    const style = css === '' ? '' : `<style nonce="${textForHtml(view.nonce)}">${css}</style>`;
    const greetings =
      view.greetings === undefined
        ? ''
        : `<script type="application/json" id="${greetingTextsId}">${jsonForHtml(view.greetings.texts)}</script><script>${view.greetings.script}</script>`;
    return `${style}<div id="root">${view.html}</div>${greetings}<script type="application/json" id="${firstViewDataId}">${jsonForHtml(view.data)}</script>${afterRoot}`;
  };
  return {
    file: (pathname) => files.get(pathname),
    page: (boot, root, view) => `${pageStart(boot, root)}${pageEnd(view)}`,
    pageStart,
    pageEnd,
  };
}

function splitAtHeadEnd(html: string): [string, string] {
  const at = html.indexOf('</head>');
  if (at < 0) throw new Error('portal-server: index.html has no </head>');
  return [html.slice(0, at), html.slice(at)];
}

/** Text as HTML text (a title that names `<`, `&` or quotes stays text). */
function textForHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** JSON that cannot end the script element or start a comment in HTML. */
function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The answer for a file of the build: the best encoding the browser accepts. */
export function fileResponse(file: StaticFile, pathname: string, acceptEncoding: string, method: string): Response {
  const headers: Record<string, string> = {
    'Content-Type': file.type,
    'Cache-Control': cacheControlFor(pathname),
    Vary: 'Accept-Encoding',
  };
  let body = file.raw;
  if (file.br !== undefined && /\bbr\b/.test(acceptEncoding)) {
    body = file.br;
    headers['Content-Encoding'] = 'br';
  } else if (file.gzip !== undefined && /\bgzip\b/.test(acceptEncoding)) {
    body = file.gzip;
    headers['Content-Encoding'] = 'gzip';
  }
  headers['Content-Length'] = String(body.byteLength);
  return new Response(method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
}
