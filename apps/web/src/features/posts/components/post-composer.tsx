import {
  type CardPost,
  type PostVisibility,
  postContentMaxLength,
  postVisibilities,
  uiMessages,
} from '@spotter/contract';
import { type ComponentType, type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { MediaIcon } from '../../../components/ui/icons';
import { isAbort } from '../../../lib/api-client';
import { acceptAttribute, checkMediaFile } from '../../../lib/media-check';
import { useMediaLimits } from '../../../lib/media-limits';
import { uploadMedia } from '../../../lib/upload-media';
import { useSavePost } from '../api/save-post';
import { type Attachment, attachmentsOf, mediaFieldsOf, roomFor } from '../lib/attachments';
import { changedFields } from '../lib/post-changes';
import { ComposerMedia } from './composer-media';
import './post-composer.css';

/** The picker's words for each visibility (the settings screen says the same). */
const visibilityLabels: Record<PostVisibility, string> = {
  public: 'Public',
  followers: 'Followers only',
  private: 'Only me',
};

/** A new post's "Attach a workout" (the training feature's, which the app gives the composer). */
export type WorkoutPicker = ComponentType<{ value: string | null; onChange: (workoutId: string | null) => void }>;

interface PostComposerProps {
  /** Edit this post instead of writing a new one. */
  post?: CardPost;
  /** After a successful Post / Update. */
  onDone?: () => void;
  /** A label for the text area when there is no visible heading naming the form. */
  label?: string;
  /** Keeps the text written here while the composer is away (the person went to Explore and back). */
  draftKey?: string;
  /** Told whether there is something written that closing would lose. */
  onDirtyChange?: (dirty: boolean) => void;
  /** The person's default visibility (their account setting), named by a new post's Default choice. */
  defaultVisibility?: PostVisibility;
  /** Lets a new post carry one of the author's workouts. */
  WorkoutPicker?: WorkoutPicker;
}

/** The counter shows once this few characters are left (issue 47: near the limit, not always). */
export const counterFrom = 500;

/** What the counter says: characters left, or how far over the limit the text is. */
export function remainingText(length: number): string | null {
  const left = postContentMaxLength - length;
  if (left > counterFrom) return null;
  if (left >= 0) return `${left.toLocaleString('en')} ${left === 1 ? 'character' : 'characters'} left`;
  return `${(-left).toLocaleString('en')} ${left === -1 ? 'character' : 'characters'} over the limit`;
}

/** Unsent texts by composer, for as long as the app is open. */
const drafts = new Map<string, string>();

/**
 * Writes a new post or edits one: text ('What's happening!'), up to four photos or a video, each
 * uploaded at once with a progress bar and a cancel button, alt text and order for photos (issue 47,
 * item 11), Post / Update (SPEC §2 and §5, issue 4).
 */
export function PostComposer({
  post,
  onDone,
  label = 'Post content',
  draftKey,
  onDirtyChange,
  defaultVisibility,
  WorkoutPicker,
}: PostComposerProps) {
  const limits = useMediaLimits();
  const save = useSavePost();
  const [content, setContentState] = useState(post?.content ?? (draftKey ? drafts.get(draftKey) : undefined) ?? '');
  const setContent = (text: string) => {
    setContentState(text);
    if (draftKey) drafts.set(draftKey, text);
  };
  // '' on a new post: the author's default visibility (their setting), decided by the server.
  const [visibility, setVisibility] = useState<PostVisibility | ''>(post?.visibility ?? '');
  const [attachments, setAttachments] = useState<Attachment[]>(() => attachmentsOf(post));
  const [workoutId, setWorkoutId] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const ids = {
    text: useId(),
    file: useId(),
    note: useId(),
    visibility: useId(),
    count: useId(),
  };
  const remaining = remainingText(content.length);
  const tooLong = content.length > postContentMaxLength;
  const photosOnly = !limits.kinds.includes('video');
  const pickerLabel = photosOnly ? 'Add a photo' : 'Add a photo or video';
  const uploading = attachments.some((a) => a.url === null);

  const dirty = content !== (post?.content ?? '') || (!post && attachments.length > 0);
  const onDirtyRef = useRef(onDirtyChange);
  onDirtyRef.current = onDirtyChange;
  useEffect(() => onDirtyRef.current?.(dirty), [dirty]);

  // Closing the composer mid-upload stops the uploads.
  const attachmentsRef = useRef(attachments);
  attachmentsRef.current = attachments;
  useEffect(
    () => () => {
      for (const a of attachmentsRef.current) a.cancel?.();
    },
    [],
  );

  /** Uploads the files picked: photos join the photos (up to four), a video is posted alone. */
  function pick(files: File[]) {
    if (fileRef.current) fileRef.current.value = '';
    let list = attachmentsRef.current;
    for (const file of files) {
      const check = checkMediaFile(file, limits);
      if (!check.ok) {
        toast.error(check.message);
        continue;
      }
      if (roomFor(list, check.type) < 1) {
        toast.error(uiMessages.tooManyPhotos);
        break;
      }
      // A video replaces what was there; a photo replaces a video.
      const replaced = list.filter((a) => check.type === 'video' || a.type === 'video');
      for (const a of replaced) a.cancel?.();
      list = [...list.filter((a) => !replaced.includes(a)), upload(file, check.type)];
    }
    setAttachments(list);
  }

  function upload(file: File, type: Attachment['type']): Attachment {
    const previewUrl = URL.createObjectURL(file);
    const abort = new AbortController();
    const update = (change: (a: Attachment) => Attachment | null) =>
      setAttachments((list) =>
        list.flatMap((a) => {
          if (a.key !== previewUrl) return [a];
          const next = change(a);
          return next ? [next] : [];
        }),
      );
    uploadMedia(file, (progress) => update((a) => ({ ...a, progress })), abort.signal).then(
      (media) => update((a) => ({ ...a, type: media.type, url: media.url, progress: 1, cancel: undefined })),
      (error: Error) => {
        update(() => null);
        if (!isAbort(error)) toast.error(error.message);
      },
    );
    return { key: previewUrl, type, previewUrl, url: null, progress: 0, cancel: () => abort.abort(), alt: '' };
  }

  // Set at once, unlike save.isPending (which re-renders later): a second click a few ms after the
  // first finds it set and sends nothing.
  const sendingRef = useRef(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (uploading || tooLong || sendingRef.current) return;
    if (content.trim() === '' && attachments.length === 0 && !workoutId) {
      toast.error(uiMessages.addContent);
      return;
    }
    const fields = { content, ...mediaFieldsOf(attachments), ...(visibility ? { visibility } : {}) };
    sendingRef.current = true;
    const created = { ...fields, ...(workoutId ? { workoutId } : {}) };
    save.mutate(post ? { postId: post._id, postData: changedFields(post, fields) } : { postData: created }, {
      onSettled: () => {
        sendingRef.current = false;
      },
      onSuccess: () => {
        toast.success(post ? uiMessages.updated : uiMessages.posted);
        if (!post) {
          setContent('');
          setAttachments([]);
          setVisibility('');
          setWorkoutId(null);
        }
        onDone?.();
      },
      onError: (error) => toast.error(error.message),
    });
  }

  // Ctrl+Enter (Cmd+Enter on a Mac) posts, as in the apps people know; Enter alone stays a new line.
  function onTextKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  }

  return (
    <form className="composer" onSubmit={submit} noValidate>
      <label htmlFor={ids.text} className="visually-hidden">
        {label}
      </label>
      <textarea
        id={ids.text}
        className="composer__text"
        placeholder="What's happening!"
        rows={3}
        value={content}
        aria-describedby={remaining ? ids.count : undefined}
        aria-invalid={tooLong || undefined}
        onChange={(event) => setContent(event.target.value)}
        onKeyDown={onTextKeyDown}
      />
      {remaining && (
        <p id={ids.count} className={tooLong ? 'composer__count composer__count--over' : 'composer__count'}>
          {remaining}
        </p>
      )}
      <ComposerMedia attachments={attachments} onChange={setAttachments} />
      {!post && WorkoutPicker && <WorkoutPicker value={workoutId} onChange={setWorkoutId} />}
      <div className="composer__bar">
        <label htmlFor={ids.file} className="composer__picker" title={pickerLabel}>
          <MediaIcon size={20} />
          <span className="visually-hidden">{pickerLabel}</span>
        </label>
        <input
          id={ids.file}
          ref={fileRef}
          className="visually-hidden"
          type="file"
          multiple
          accept={acceptAttribute(limits)}
          aria-describedby={photosOnly ? ids.note : undefined}
          onChange={(event) => pick([...(event.target.files ?? [])])}
        />
        {photosOnly && (
          <p id={ids.note} className="composer__note">
            {uiMessages.photosOnly}
          </p>
        )}
        <label htmlFor={ids.visibility} className="visually-hidden">
          Who can see this post
        </label>
        <select
          id={ids.visibility}
          className="composer__visibility"
          value={visibility}
          onChange={(event) => setVisibility(event.target.value as PostVisibility | '')}
        >
          {!post && (
            <option value="">
              {defaultVisibility ? `Default (${visibilityLabels[defaultVisibility]})` : 'Default visibility'}
            </option>
          )}
          {postVisibilities.map((v) => (
            <option key={v} value={v}>
              {visibilityLabels[v]}
            </option>
          ))}
        </select>
        <button type="submit" className="button composer__submit" disabled={uploading || tooLong || save.isPending}>
          {post ? 'Update' : 'Post'}
        </button>
      </div>
    </form>
  );
}
