import type { MultipartFile } from '@fastify/multipart';
import { apiErrors, importMaxBytes, routes, trainingErrors } from '@spotter/contract';
import { HttpError } from '../../errors';
import type { Handler } from '../../http/add-route';

/** The CSV upload of an import or its preview (the field `file`), read as it arrives. */
type Request = Parameters<Handler<'importWorkouts'>>[0]['request'];

/** A failure of the upload itself (not of its content) as the answer it deserves. */
function uploadError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, [trainingErrors.importTooLarge]);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new HttpError(400, [apiErrors.noFile]);
  if (error instanceof Error && /form|part|boundary|multipart/i.test(error.message)) {
    return new HttpError(400, [apiErrors.malformedUpload]);
  }
  return error;
}

/** The CSV file part of the request; 400 when there is none. */
export async function csvPart(request: Request): Promise<MultipartFile> {
  if (!request.isMultipart()) throw new HttpError(400, [apiErrors.noFile]);
  try {
    const part = await request.file({ limits: { fileSize: importMaxBytes, files: 1, fields: 10, parts: 12 } });
    if (!part || part.fieldname !== routes.importWorkouts.fileField) throw new HttpError(400, [apiErrors.noFile]);
    return part;
  } catch (error) {
    throw uploadError(error);
  }
}

/** The file's bytes as they arrive; 413 as soon as it is larger than the import reads. */
export async function* bytesOf(part: MultipartFile): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of part.file) {
      if (part.file.truncated) throw new HttpError(413, [trainingErrors.importTooLarge]);
      yield chunk as Buffer;
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (part.file.truncated) throw new HttpError(413, [trainingErrors.importTooLarge]);
}
