import type { PostVisibility } from '@spotter/contract';

const badges: Record<Exclude<PostVisibility, 'public'>, { text: string; title: string }> = {
  followers: { text: 'Followers', title: 'Only followers can see this post' },
  private: { text: 'Only me', title: 'Only you can see this post' },
};

/** A small mark on a followers-only or private post (issue 16); nothing on a public one. */
export function VisibilityBadge({ visibility }: { visibility: PostVisibility }) {
  if (visibility === 'public') return null;
  const badge = badges[visibility];
  return (
    <span className="post-card__visibility" title={badge.title} data-testid="visibility-badge">
      <span className="visually-hidden">{badge.title}: </span>
      <span aria-hidden="true">{badge.text}</span>
    </span>
  );
}
