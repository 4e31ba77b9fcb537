import type { CardPost } from '@spotter/contract';
import { lazy, Suspense, useState } from 'react';
import { useMatch, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { photosOf } from '../lib/post-photos';

// The full-size view loads the first time someone opens a photo.
const PhotoViewer = lazy(() => import('./photo-viewer').then((m) => ({ default: m.PhotoViewer })));

/**
 * The post's photos or clip. Width and height come from the server (mediaWidth/mediaHeight), so the
 * browser reserves the right box before the file arrives: no layout shift, and the virtualized list
 * measures the card right the first time; several photos (issue 47, item 11) share a grid of a fixed
 * shape. In a list, a tap on a photo opens the post; on the post's own page each photo is a button
 * that opens the viewer at that photo.
 */
export function PostMedia({ post }: { post: CardPost }) {
  const onPostPage = useMatch(paths.postPattern) !== null;
  const navigate = useNavigate();
  const [viewing, setViewing] = useState<number | null>(null);
  if (!post.image) return null;
  if (post.mediaType === 'video') {
    const size = post.mediaWidth && post.mediaHeight ? { width: post.mediaWidth, height: post.mediaHeight } : {};
    return (
      <video
        className="post-media"
        src={post.image}
        controls
        playsInline
        preload="metadata"
        aria-label={post.alt || 'Video'}
        {...size}
      />
    );
  }
  const photos = photosOf(post);
  const several = photos.length > 1;
  const viewed = photos.map((photo, i) => ({
    src: photo.url,
    alt:
      photo.alt || (several ? `Photo ${i + 1} of ${photos.length} by @${post.username}` : `Photo by @${post.username}`),
  }));
  const images = photos.map((photo, i) => {
    const size = !several && photo.width && photo.height ? { width: photo.width, height: photo.height } : {};
    const image = (
      // biome-ignore lint/a11y/useKeyWithClickEvents: a mouse and touch shortcut; the date is the keyboard's link to the post
      <img
        key={photo.url}
        className={several ? 'post-photos__image' : 'post-media'}
        src={photo.url}
        alt={viewed[i]?.alt}
        loading="lazy"
        decoding="async"
        {...size}
        onClick={onPostPage ? undefined : () => navigate(paths.post(post._id))}
      />
    );
    if (!onPostPage) return image;
    return (
      <button
        key={photo.url}
        type="button"
        className={several ? 'post-photos__open' : 'post-media__open'}
        aria-haspopup="dialog"
        onClick={() => setViewing(i)}
      >
        {image}
        <span className="visually-hidden">(open full size)</span>
      </button>
    );
  });
  return (
    <>
      {several ? (
        <ul className={`post-photos post-photos--${photos.length}`} aria-label={`${photos.length} photos`}>
          {images.map((image, i) => (
            <li key={photos[i]?.url}>{image}</li>
          ))}
        </ul>
      ) : (
        images
      )}
      {viewing !== null && (
        <Suspense fallback={null}>
          <PhotoViewer photos={viewed} start={viewing} onClose={() => setViewing(null)} />
        </Suspense>
      )}
    </>
  );
}
