/** @TODO placeholder: replaced by the feature's screen. */
export function SinglePostRoute() {
  return <h1>Post</h1>;
}
