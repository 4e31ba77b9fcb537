import type { CardPost } from '@spotter/contract';

/**
 * The post's photo or clip. Width and height come from the server (mediaWidth/mediaHeight), so the
 * browser reserves the right box before the file arrives: no layout shift, and the virtualized list
 * measures the card right the first time.
 */
export function PostMedia({ post }: { post: CardPost }) {
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
  return (
    <img
      className="post-media"
      src={post.image}
      alt={post.alt || `Photo by @${post.username}`}
      loading="lazy"
      decoding="async"
      {...size}
    />
  );
}
