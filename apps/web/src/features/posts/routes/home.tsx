/** @TODO placeholder: replaced by the feature's screen. */
export function HomeRoute() {
  return <h1>Home</h1>;
}
