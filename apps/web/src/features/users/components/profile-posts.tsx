/** @TODO web-posts' PostList (features/posts/components/post-list.tsx) renders these once it lands. */
export function ProfilePosts({ username }: { username: string }) {
  return <p className="profile-posts-placeholder">Posts by @{username} appear here.</p>;
}
