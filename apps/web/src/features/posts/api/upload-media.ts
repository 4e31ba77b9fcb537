import { endpoints, type Media, mediaFileField } from '@spotter/contract';
import { ApiError } from '../../../lib/api-client';
import { clearSession, getSession } from '../../../lib/session';

export interface Upload {
  done: Promise<Media>;
  cancel: () => void;
}

/** Raised when the person cancels an upload: not a failure to report. */
export class UploadCancelled extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelled';
  }
}

/**
 * Sends one file to POST /api/media as multipart field `file`, reporting progress (0 to 1).
 * XMLHttpRequest, because fetch reports no upload progress.
 */
export function uploadMedia(file: File, onProgress: (fraction: number) => void): Upload {
  const xhr = new XMLHttpRequest();
  const done = new Promise<Media>((resolve, reject) => {
    xhr.open('POST', endpoints.uploadMedia.path);
    const session = getSession();
    if (session) xhr.setRequestHeader('authorization', session.token);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body?.media) {
        onProgress(1);
        resolve(body.media);
        return;
      }
      if (xhr.status === 401 && session) clearSession();
      const messages = Array.isArray(body?.errors) ? body.errors.map(String) : [];
      reject(new ApiError(xhr.status, messages.length ? messages : [`Upload failed with status ${xhr.status}`]));
    };
    xhr.onerror = () => reject(new Error('Network Error'));
    xhr.onabort = () => reject(new UploadCancelled());
    const form = new FormData();
    form.append(mediaFileField, file, file.name);
    xhr.send(form);
  });
  return { done, cancel: () => xhr.abort() };
}

function parse(text: string): { media?: Media; errors?: unknown[] } | undefined {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
