import {
  type Dispatch,
  type DragEvent,
  type KeyboardEvent,
  type SetStateAction,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { type Attachment, moveAttachment } from '../lib/attachments';

interface ComposerMediaProps {
  attachments: Attachment[];
  onChange: Dispatch<SetStateAction<Attachment[]>>;
}

/** The keys that move a photo, and where to. */
const moves: Record<string, (at: number, count: number) => number> = {
  ArrowLeft: (at) => at - 1,
  ArrowUp: (at) => at - 1,
  ArrowRight: (at) => at + 1,
  ArrowDown: (at) => at + 1,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * The photos or the video of the post being written (issue 47, item 11): each with its upload's
 * progress, its alt text and a Remove button; several photos are put in order by dragging one onto
 * another's place, by the arrow keys on a photo's handle (Home and End too), or by its Earlier and
 * Later buttons, and each move is announced. One photo reads as it always did.
 */
export function ComposerMedia({ attachments, onChange }: ComposerMediaProps) {
  const [announcement, setAnnouncement] = useState('');
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const [focusAfterMove, setFocusAfterMove] = useState<string | null>(null);
  const dragging = useRef<number | null>(null);
  const count = attachments.length;

  useEffect(() => {
    if (focusAfterMove === null) return;
    handles.current.get(focusAfterMove)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove]);

  if (count === 0) return null;

  function move(from: number, to: number) {
    const target = Math.max(0, Math.min(count - 1, to));
    const moved = attachments[from];
    if (!moved || target === from) return;
    onChange((list) => moveAttachment(list, from, target));
    setFocusAfterMove(moved.key);
    setAnnouncement(`Photo ${from + 1} moved to position ${target + 1} of ${count}`);
  }

  function remove(attachment: Attachment) {
    attachment.cancel?.();
    onChange((list) => list.filter((a) => a.key !== attachment.key));
  }

  const setAlt = (key: string, alt: string) => onChange((list) => list.map((a) => (a.key === key ? { ...a, alt } : a)));

  return (
    <div className="composer__attachment">
      <ol className={count > 1 ? 'composer__photos composer__photos--several' : 'composer__photos'}>
        {attachments.map((attachment, index) => (
          <AttachmentItem
            key={attachment.key}
            attachment={attachment}
            index={index}
            count={count}
            handleRef={(element) => {
              if (element) handles.current.set(attachment.key, element);
              else handles.current.delete(attachment.key);
            }}
            onMove={(to) => move(index, to)}
            onRemove={() => remove(attachment)}
            onAlt={(alt) => setAlt(attachment.key, alt)}
            onDragStart={() => {
              dragging.current = index;
            }}
            onDrop={() => {
              if (dragging.current !== null) move(dragging.current, index);
              dragging.current = null;
            }}
          />
        ))}
      </ol>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

interface ItemProps {
  attachment: Attachment;
  index: number;
  count: number;
  handleRef: (element: HTMLButtonElement | null) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  onAlt: (alt: string) => void;
  onDragStart: () => void;
  onDrop: () => void;
}

function AttachmentItem({
  attachment,
  index,
  count,
  handleRef,
  onMove,
  onRemove,
  onAlt,
  onDragStart,
  onDrop,
}: ItemProps) {
  const ids = { progress: useId(), alt: useId(), hint: useId() };
  useRevokePreview(attachment.previewUrl);
  const several = count > 1;
  // One photo keeps the words it always had; several are told apart by their place.
  const name = several ? `photo ${index + 1}` : attachment.type === 'video' ? 'video' : 'photo';
  const uploading = attachment.url === null;

  function onHandleKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const to = moves[event.key];
    if (!to) return;
    event.preventDefault();
    onMove(to(index, count));
  }

  const dropTarget = several
    ? {
        onDragOver: (event: DragEvent) => event.preventDefault(),
        onDrop: (event: DragEvent) => {
          event.preventDefault();
          onDrop();
        },
      }
    : {};

  return (
    <li className="composer__photo" {...dropTarget}>
      {attachment.type === 'video' ? (
        // The media fragment makes the browser load and show the first frame, not a blank box.
        <video
          className="composer__preview"
          src={`${attachment.previewUrl}#t=0.001`}
          preload="metadata"
          controls
          muted
          playsInline
        />
      ) : (
        <img
          className="composer__preview"
          src={attachment.previewUrl}
          alt={attachment.alt || (several ? `Preview of photo ${index + 1}` : 'Preview of the attached photo')}
        />
      )}
      {uploading && (
        <div className="composer__upload">
          <label htmlFor={ids.progress}>Uploading {Math.round(attachment.progress * 100)}%</label>
          <progress id={ids.progress} max={1} value={attachment.progress} />
          <button type="button" className="button composer__secondary" onClick={onRemove}>
            Cancel upload
          </button>
        </div>
      )}
      <div className="composer__photo-tools">
        {several && (
          <>
            <button
              ref={handleRef}
              type="button"
              className="button composer__secondary composer__handle"
              draggable
              aria-describedby={ids.hint}
              onKeyDown={onHandleKeyDown}
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', attachment.key);
                onDragStart();
              }}
            >
              <span aria-hidden="true">⠿</span> Photo {index + 1} of {count}
            </button>
            <span id={ids.hint} className="visually-hidden">
              Drag, or use the arrow keys, to change the order
            </span>
            <button
              type="button"
              className="button composer__secondary"
              aria-label={`Move photo ${index + 1} earlier`}
              disabled={index === 0}
              onClick={() => onMove(index - 1)}
            >
              Earlier
            </button>
            <button
              type="button"
              className="button composer__secondary"
              aria-label={`Move photo ${index + 1} later`}
              disabled={index === count - 1}
              onClick={() => onMove(index + 1)}
            >
              Later
            </button>
          </>
        )}
        {!uploading && (
          <button type="button" className="button composer__secondary" onClick={onRemove}>
            Remove {name}
          </button>
        )}
      </div>
      {attachment.type === 'image' && (
        <div className="composer__alt">
          <label htmlFor={ids.alt}>
            {several ? `Describe photo ${index + 1} (alt text)` : 'Describe the photo (alt text)'}
          </label>
          <input
            id={ids.alt}
            type="text"
            maxLength={1000}
            placeholder="e.g. Barbell loaded with red plates"
            value={attachment.alt}
            onChange={(event) => onAlt(event.target.value)}
          />
        </div>
      )}
    </li>
  );
}

/** Frees a local preview (blob: URL) once it is replaced or the composer closes. */
function useRevokePreview(previewUrl: string) {
  useEffect(() => {
    if (!previewUrl.startsWith('blob:')) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);
}
