// A page in two parts (issue #16): its start (head, inline CSS, the module script) goes out at
// once, compressed and flushed, so the browser fetches the scripts while the server renders;
// the rest follows when it is there. Compressed here with a flush after the start (a
// CompressionStream would hold the start back until more data came).
import { Readable } from 'node:stream';
import { createBrotliCompress, createGzip, constants, type BrotliCompress, type Gzip } from 'node:zlib';

export function streamedHtml(
  start: string,
  rest: Promise<string>,
  acceptEncoding: string,
  status: number,
  headers: Headers,
): Response {
  const encoding = /\bbr\b/.test(acceptEncoding) ? 'br' : /\bgzip\b/.test(acceptEncoding) ? 'gzip' : undefined;
  headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.append('Vary', 'Accept-Encoding');
  if (encoding === undefined) {
    const plain = Readable.from(
      (async function* () {
        yield Buffer.from(start);
        yield Buffer.from(await rest);
      })(),
    );
    return new Response(Readable.toWeb(plain) as ReadableStream<Uint8Array>, { status, headers });
  }
  headers.set('Content-Encoding', encoding);
  const zip: BrotliCompress | Gzip =
    encoding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : createGzip({ level: 6 });
  zip.write(start);
  zip.flush();
  // `rest` never rejects (the caller ends a failed render as the client's page).
  void rest.then((end) => zip.end(end));
  return new Response(Readable.toWeb(zip) as ReadableStream<Uint8Array>, { status, headers });
}
