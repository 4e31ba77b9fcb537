/** @TODO placeholder: replaced by the feature's screen. */
export function LoginRoute() {
  return <h1>Login</h1>;
}
