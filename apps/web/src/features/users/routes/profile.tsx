/** @TODO placeholder: replaced by the feature's screen. */
export function ProfileRoute() {
  return <h1>Profile</h1>;
}
