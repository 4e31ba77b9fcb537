import { apiErrors, importMaxBytes, routes, trainingErrors } from '@spotter/contract';
import { HttpError } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { importWorkoutsCsv } from '../workout-import';

/** The CSV file of the request, as text; 400 when there is none, 413 when it is larger than the import reads. */
async function receiveCsv(request: Parameters<Handler<'importWorkouts'>>[0]['request']): Promise<string> {
  if (!request.isMultipart()) throw new HttpError(400, [apiErrors.noFile]);
  try {
    const part = await request.file({ limits: { fileSize: importMaxBytes, files: 1, fields: 10, parts: 12 } });
    if (!part || part.fieldname !== routes.importWorkouts.fileField) throw new HttpError(400, [apiErrors.noFile]);
    const bytes = await part.toBuffer();
    return bytes.toString('utf8');
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, [trainingErrors.importTooLarge]);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new HttpError(400, [apiErrors.noFile]);
    if (error instanceof Error && /form|part|boundary|multipart/i.test(error.message)) {
      throw new HttpError(400, [apiErrors.malformedUpload]);
    }
    throw error;
  }
}

export const importWorkouts: Handler<'importWorkouts'> = async ({ request, query, user }, ctx) =>
  importWorkoutsCsv(ctx.db, user.id, await receiveCsv(request), query.units);
