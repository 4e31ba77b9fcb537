/** @TODO placeholder: replaced by the feature's screen. */
export function LikedPostsRoute() {
  return <h1>Liked posts</h1>;
}
