/** Sends the browser to the app's address (a full navigation: it may be another site or an app's scheme). */
export function leaveFor(url: string) {
  window.location.assign(url);
}

/** RFC 6749 4.1.2.1: a refusal goes back to the app as `error=access_denied`, with its state. */
export function deniedAddress(redirectUri: string, state: string | undefined): string {
  const target = new URL(redirectUri);
  target.searchParams.set('error', 'access_denied');
  target.searchParams.set('error_description', 'The person denied the authorization.');
  if (state !== undefined) target.searchParams.set('state', state);
  return target.toString();
}
