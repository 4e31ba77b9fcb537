import { describeScope } from '@spotter/contract';
import { useId } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorText } from '../../../lib/error-text';
import { authorizationRequestOf, useApproveAuthorization, useAuthorization } from '../api/authorization';
import { deniedAddress, leaveFor } from '../lib/leave';
import './authorize.css';

/**
 * /oauth/authorize (issue 50): an app asks to use the signed-in person's account. The screen names
 * the app and what it asks for, with "Authorize" and "Deny"; a signed-out person meets the login
 * screen first and comes back here (the protected frame keeps the address). Out of band, the code is
 * shown to copy into the app.
 */
export function AuthorizeRoute() {
  useDocumentTitle('Authorize an app');
  const [search] = useSearchParams();
  const request = authorizationRequestOf(search);
  const authorization = useAuthorization(request);
  const approve = useApproveAuthorization();
  const navigate = useNavigate();
  const codeId = useId();

  if (authorization.isError) {
    return (
      <section className="authorize">
        <h1>Authorize an app</h1>
        <p role="alert" className="authorize__error">
          {errorText(authorization.error)}
        </p>
      </section>
    );
  }
  if (!authorization.data) return <p className="authorize__muted">Loading…</p>;
  const { app, scopes, redirectUri, outOfBand } = authorization.data;

  if (approve.data && approve.data.redirectTo === null) {
    return (
      <section className="authorize">
        <h1>{app.name} is authorized</h1>
        <p>Copy this code and paste it into {app.name}.</p>
        <label htmlFor={codeId}>Authorization code</label>
        <input
          id={codeId}
          className="authorize__code"
          readOnly
          value={approve.data.code}
          onFocus={(event) => event.currentTarget.select()}
        />
      </section>
    );
  }

  const onAuthorize = () =>
    approve.mutate(request, {
      onSuccess: (answer) => {
        if (answer.redirectTo !== null) leaveFor(answer.redirectTo);
      },
    });
  const onDeny = () => {
    if (outOfBand) navigate(paths.home);
    else leaveFor(deniedAddress(redirectUri, request.state));
  };

  return (
    <section className="authorize" aria-labelledby="authorize-title">
      <h1 id="authorize-title">Authorize {app.name}</h1>
      <p>
        <strong>{app.name}</strong> would like to use your Spotter account.
        {app.website ? <span className="authorize__muted"> ({app.website})</span> : null}
      </p>
      <h2>It asks to</h2>
      <ul aria-label="What the app asks for" className="authorize__scopes">
        {scopes.map((scope) => (
          <li key={scope}>
            {describeScope(scope)} <code>{scope}</code>
          </li>
        ))}
      </ul>
      {approve.isError ? (
        <p role="alert" className="authorize__error">
          {errorText(approve.error)}
        </p>
      ) : null}
      <div className="authorize__actions">
        <Button busy={approve.isPending} onClick={onAuthorize}>
          Authorize
        </Button>
        <Button variant="secondary" onClick={onDeny} disabled={approve.isPending}>
          Deny
        </Button>
      </div>
      {outOfBand ? null : (
        <p className="authorize__muted">You will then be sent back to {shownAddress(redirectUri)}.</p>
      )}
    </section>
  );
}

/** Where the app's address leads, as a person reads it: its origin, or the whole address for an app's own scheme. */
function shownAddress(redirectUri: string): string {
  const origin = new URL(redirectUri).origin;
  return origin === 'null' ? redirectUri : origin;
}
