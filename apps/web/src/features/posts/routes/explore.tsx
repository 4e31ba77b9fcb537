/** @TODO placeholder: replaced by the feature's screen. */
export function ExploreRoute() {
  return <h1>Explore</h1>;
}
