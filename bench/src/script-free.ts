// The first view's reference (#28.15): our own server-rendered page with every script removed,
// served through a small proxy in front of the portal server on another port of localhost
// (cookies are not told apart by port: the same session). Documents are asked of the portal
// uncompressed, their `<script>` elements and `modulepreload` links taken out as they stream
// through, and sent on brotli-compressed with a flush per chunk, as the portal server does; every
// other request (the stylesheet) passes through as it is. The browser's network profile applies
// to both alike: the difference of the first contentful paints is what the scripts cost. With
// `strip: false` it passes our page through unchanged the same way (re-compressed, a flush per
// chunk), the bench's side of the comparison: only the scripts differ between the two.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { constants, createBrotliCompress } from 'node:zlib';

/** Removes scripts and module preloads from HTML that arrives in pieces (a piece may end inside one). */
export function scriptStripper(): { push(chunk: string): string; end(): string } {
  let held = '';
  const strip = (html: string) =>
    html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '').replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '');
  return {
    push(chunk) {
      held += chunk;
      // Hold back from an unclosed script, or an unclosed tag, to the next piece.
      const openScript = held.toLowerCase().lastIndexOf('<script');
      const holdScript = openScript >= 0 && held.toLowerCase().indexOf('</script>', openScript) < 0 ? openScript : -1;
      const lastOpen = held.lastIndexOf('<');
      const holdTag = lastOpen >= 0 && held.indexOf('>', lastOpen) < 0 ? lastOpen : -1;
      const cut = [holdScript, holdTag].filter((i) => i >= 0).reduce((a, b) => Math.min(a, b), held.length);
      const ready = held.slice(0, cut);
      held = held.slice(cut);
      return strip(ready);
    },
    end() {
      const rest = strip(held);
      held = '';
      return rest;
    },
  };
}

export async function startScriptFreeProxy(
  target: string,
  options: { readonly strip: boolean } = { strip: true },
): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = new URL(target);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const isDocument = req.headers['sec-fetch-dest'] === 'document';
    const headers = { ...req.headers, host: upstream.host };
    if (isDocument) headers['accept-encoding'] = 'identity';
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers },
      (answer) => {
        const type = String(answer.headers['content-type'] ?? '');
        if (!isDocument || !type.startsWith('text/html')) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const out = { ...answer.headers, 'content-encoding': 'br' };
        delete out['content-length'];
        res.writeHead(answer.statusCode ?? 502, out);
        const zip = createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
        zip.pipe(res);
        const stripper = options.strip ? scriptStripper() : { push: (chunk: string) => chunk, end: () => '' };
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => {
          zip.write(stripper.push(chunk));
          zip.flush();
        });
        answer.on('end', () => zip.end(stripper.end()));
      },
    );
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
