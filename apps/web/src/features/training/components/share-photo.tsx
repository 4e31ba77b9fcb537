import { useEffect, useId, useRef } from 'react';
import { toast } from 'react-toastify/unstyled';
import { isAbort } from '../../../lib/api-client';
import { checkMediaFile } from '../../../lib/media-check';
import { useMediaLimits } from '../../../lib/media-limits';
import { uploadMedia } from '../../../lib/upload-media';

/** The photo of a workout shared as a post: uploaded as soon as it is picked, as the composer does. */
export interface SharePhoto {
  url: string | null;
  previewUrl: string;
  progress: number;
  alt: string;
}

/**
 * "Photo (when shared)": a file picker for one photo, its upload progress with a cancel, a preview,
 * and its alt text. `onChange` gets the photo (url null while it uploads) or null.
 */
export function SharePhotoPicker({
  photo,
  onChange,
}: {
  photo: SharePhoto | null;
  onChange: (p: SharePhoto | null) => void;
}) {
  const limits = useMediaLimits();
  const ids = { file: useId(), alt: useId(), progress: useId() };
  const fileRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const current = useRef(photo);
  current.current = photo;
  // Leaving the screen mid-upload stops the upload.
  useEffect(() => () => abortRef.current?.abort(), []);
  useEffect(() => {
    const url = photo?.previewUrl;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [photo?.previewUrl]);

  function pick(file: File | undefined) {
    if (fileRef.current) fileRef.current.value = '';
    if (!file) return;
    const check = checkMediaFile(file, limits);
    if (!check.ok || check.type !== 'image') {
      toast.error(check.ok ? 'Choose a photo.' : check.message);
      return;
    }
    abortRef.current?.abort();
    const upload = new AbortController();
    abortRef.current = upload;
    const previewUrl = URL.createObjectURL(file);
    const still = () => current.current?.previewUrl === previewUrl;
    onChange({ url: null, previewUrl, progress: 0, alt: '' });
    uploadMedia(
      file,
      (progress) => {
        if (still() && current.current) onChange({ ...current.current, progress });
      },
      upload.signal,
    ).then(
      (media) => {
        if (still() && current.current) onChange({ ...current.current, url: media.url, progress: 1 });
      },
      (error: Error) => {
        if (still()) onChange(null);
        if (!isAbort(error)) toast.error(error.message);
      },
    );
  }

  function remove() {
    abortRef.current?.abort();
    onChange(null);
  }

  return (
    <div className="log-workout__photo">
      {!photo && (
        <label className="log-workout__field" htmlFor={ids.file}>
          Photo (when shared)
          <input
            id={ids.file}
            ref={fileRef}
            type="file"
            accept={limits.imageTypes.join(',')}
            onChange={(event) => pick(event.target.files?.[0])}
          />
        </label>
      )}
      {photo && (
        <>
          <img
            className="log-workout__preview"
            src={photo.previewUrl}
            alt={photo.alt || 'Preview of the photo to share'}
          />
          {photo.url === null && (
            <p>
              <label htmlFor={ids.progress}>Uploading {Math.round(photo.progress * 100)}%</label>{' '}
              <progress id={ids.progress} max={1} value={photo.progress} />
            </p>
          )}
          <button type="button" className="button log-workout__remove-photo" onClick={remove}>
            {photo.url === null ? 'Cancel upload' : 'Remove photo'}
          </button>
          <label className="log-workout__field" htmlFor={ids.alt}>
            Describe the photo (alt text)
            <input
              id={ids.alt}
              type="text"
              maxLength={1000}
              value={photo.alt}
              onChange={(event) => onChange({ ...photo, alt: event.target.value })}
            />
          </label>
        </>
      )}
    </div>
  );
}
