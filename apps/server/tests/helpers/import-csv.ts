import type { FastifyInstance } from 'fastify';
import { multipartBody } from './upload';

/** POST /api/workouts/import with a CSV file in the field "file" (`query` e.g. "?units=lb"). */
export function importCsv(app: FastifyInstance, token: string | undefined, csv: string | Buffer, query = '') {
  return sendCsv(app, '/api/workouts/import', token, csv, query);
}

/** POST /api/workouts/import/preview with a CSV file, as importCsv sends it. */
export function previewCsv(app: FastifyInstance, token: string | undefined, csv: string | Buffer, query = '') {
  return sendCsv(app, '/api/workouts/import/preview', token, csv, query);
}

async function sendCsv(
  app: FastifyInstance,
  path: string,
  token: string | undefined,
  csv: string | Buffer,
  query: string,
) {
  const { payload, contentType } = await multipartBody([
    {
      field: 'file',
      data: typeof csv === 'string' ? Buffer.from(csv) : csv,
      filename: 'export.csv',
      contentType: 'text/csv',
    },
  ]);
  return app.inject({
    method: 'POST',
    url: `${path}${query}`,
    headers: { 'content-type': contentType, ...(token ? { authorization: token } : {}) },
    payload,
  });
}
