import type { FastifyInstance } from 'fastify';
import { multipartBody } from './upload';

/** POST /api/workouts/import with a CSV file in the field "file" (`query` e.g. "?units=lb"). */
export async function importCsv(app: FastifyInstance, token: string | undefined, csv: string | Buffer, query = '') {
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
    url: `/api/workouts/import${query}`,
    headers: { 'content-type': contentType, ...(token ? { authorization: token } : {}) },
    payload,
  });
}
