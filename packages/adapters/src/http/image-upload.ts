// `POST /Applications/Image`: multipart/form-data with the field `file` (spec §7).
// Answers `{ url }`, a path relative to the API base (contract decision 13).

import type { Schema } from '@portal/contract';
import type { ApiClient } from './client.ts';
import { unwrap } from './client.ts';

export async function uploadApplicationImage(
  client: ApiClient,
  file: Blob,
  fileName: string = 'logo.svg',
): Promise<Readonly<Schema<'ImageUpload'>>> {
  const answer = await unwrap(
    client.POST('/Applications/Image', {
      // The generated body type describes the form's fields; the serializer sends the real form.
      body: { file: fileName },
      bodySerializer: () => {
        const form = new FormData();
        form.append('file', file, fileName);
        return form;
      },
    }),
  );
  return { url: answer.url };
}
