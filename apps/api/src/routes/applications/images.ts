// Logo upload (SVG only by content, at most 2 MB, sanitised in a worker thread) and anonymous serving with
// nosniff and a sandboxing Content Security Policy.
import { Hono } from 'hono';
import { newId, requirePermission } from '../../context.ts';
import type { AppEnv, Deps } from '../../context.ts';
import { ApiError, badRequest, notFound } from '../../http/errors.ts';
import { MAX_SVG_DEPTH, SvgError } from '../../svg.ts';
import { sanitizeSvgOffThread } from '../../svg-thread.ts';

export const MAX_LOGO_BYTES = 2 * 1024 * 1024;

export function imageRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  // The body's size is limited in app.ts (the file and its multipart frame).
  app.post('/Applications/Image', async (c) => {
    const me = await deps.auth.user(c.req.header('authorization'));
    requirePermission(me, 'applications.write');
    if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? ''))
      throw badRequest([{ key: 'required', field: 'file' }]);
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw badRequest([{ key: 'required', field: 'file' }]);
    }
    const files = form.getAll('file');
    const file = files[0];
    if (files.length !== 1 || !(file instanceof File)) throw badRequest([{ key: 'required', field: 'file' }]);
    if (file.size === 0)
      throw new ApiError(400, 'imageEmpty', { code: 'image.empty', problems: [{ key: 'imageEmpty', field: 'file' }] });
    if (file.size > MAX_LOGO_BYTES)
      throw new ApiError(400, 'imageTooLarge', {
        code: 'image.tooLarge',
        problems: [{ key: 'imageTooLarge', field: 'file' }],
      });
    let svg: string;
    try {
      svg = await sanitizeSvgOffThread(new Uint8Array(await file.arrayBuffer()));
    } catch (e) {
      if (e instanceof SvgError && e.problem === 'tooDeep')
        throw new ApiError(400, 'imageTooDeep', {
          code: 'image.tooDeep',
          args: ['', MAX_SVG_DEPTH],
          problems: [{ key: 'imageTooDeep', field: 'file', args: ['', MAX_SVG_DEPTH] }],
        });
      if (e instanceof SvgError)
        throw new ApiError(400, 'imageNotSvg', {
          code: e.problem === 'unsafe' ? 'image.unsafe' : 'image.notSvg',
          problems: [{ key: 'imageNotSvg', field: 'file' }],
        });
      throw e;
    }
    const id = `${newId()}.svg`;
    await deps.db.insertInto('images').values({ id, content: svg }).execute();
    return c.json({ url: `${deps.publicUrl}/Applications/Image/${id}` }, 201);
  });

  app.get('/Applications/Image/:imageId', async (c) => {
    const id = c.req.param('imageId');
    if (!/^[0-9a-f-]{36}\.svg$/.test(id)) throw notFound();
    const row = await deps.db.selectFrom('images').select('content').where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return c.body(row.content, 200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });

  return app;
}
