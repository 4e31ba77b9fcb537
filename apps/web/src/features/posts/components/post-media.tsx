import type { CardPost } from '@spotter/contract';
import { lazy, Suspense, useState } from 'react';
import { useMatch, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';

// The full-size view loads the first time someone opens a photo.
const PhotoViewer = lazy(() => import('./photo-viewer').then((m) => ({ default: m.PhotoViewer })));

/**
 * The post's photo or clip. Width and height come from the server (mediaWidth/mediaHeight), so the
 * browser reserves the right box before the file arrives: no layout shift, and the virtualized list
 * measures the card right the first time. In a list, a tap on the photo opens the post; on the
 * post's own page the photo is a button that opens it full size.
 */
export function PostMedia({ post }: { post: CardPost }) {
  const onPostPage = useMatch(paths.postPattern) !== null;
  const navigate = useNavigate();
  const [viewing, setViewing] = useState(false);
  if (!post.image) return null;
  const size = post.mediaWidth && post.mediaHeight ? { width: post.mediaWidth, height: post.mediaHeight } : {};
  if (post.mediaType === 'video') {
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
  const alt = post.alt || `Photo by @${post.username}`;
  const image = (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a mouse and touch shortcut; the date is the keyboard's link to the post
    <img
      className="post-media"
      src={post.image}
      alt={alt}
      loading="lazy"
      decoding="async"
      {...size}
      onClick={onPostPage ? undefined : () => navigate(paths.post(post._id))}
    />
  );
  if (!onPostPage) return image;
  return (
    <>
      <button type="button" className="post-media__open" aria-haspopup="dialog" onClick={() => setViewing(true)}>
        {image}
        <span className="visually-hidden">(open full size)</span>
      </button>
      {viewing && (
        <Suspense fallback={null}>
          <PhotoViewer src={post.image} alt={alt} onClose={() => setViewing(false)} />
        </Suspense>
      )}
    </>
  );
}
