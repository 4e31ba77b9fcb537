/** @TODO placeholder: replaced by the feature's screen. */
export function SignupRoute() {
  return <h1>Sign up</h1>;
}
