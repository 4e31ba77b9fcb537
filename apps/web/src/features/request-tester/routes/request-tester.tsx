/** @TODO placeholder: replaced by the feature's screen. */
export function RequestTesterRoute() {
  return <h1>Request tester</h1>;
}
