import type { FastifyInstance } from 'fastify';

export interface Part {
  field: string;
  /** A file part when it has a filename, else a text field. */
  data: Buffer | string;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body as a browser sends it (built by the platform's FormData, not by hand). */
export async function multipartBody(parts: Part[]): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const part of parts) {
    if (part.filename !== undefined) {
      const blob = new Blob([part.data], part.contentType ? { type: part.contentType } : {});
      form.append(part.field, blob, part.filename);
    } else {
      form.append(part.field, String(part.data));
    }
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
}

/** POST /api/media with one file in the field "file" (or the given parts). */
export async function upload(
  app: FastifyInstance,
  token: string | undefined,
  file: Buffer | Part[],
  filename = 'upload.bin',
  contentType = 'application/octet-stream',
) {
  const parts = Array.isArray(file) ? file : [{ field: 'file', data: file, filename, contentType }];
  const { payload, contentType: type } = await multipartBody(parts);
  return app.inject({
    method: 'POST',
    url: '/api/media',
    headers: { 'content-type': type, ...(token ? { authorization: token } : {}) },
    payload,
  });
}
