/** @TODO placeholder: replaced by the feature's screen. */
export function BookmarksRoute() {
  return <h1>Bookmarks</h1>;
}
