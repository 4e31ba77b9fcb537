import { emailTexts } from '@spotter/contract';
import { Link, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorText } from '../../../lib/error-text';
import { useVerifyEmail } from '../api/account-email';
import { AuthLayout } from '../components/auth-layout';
import { linkToken } from '../lib/link-token';

/**
 * /verify-email#token=... (issue 45): the page a verification mail links to. It verifies on a click,
 * not on opening: mail scanners that open links must not verify an address nobody read.
 */
export function VerifyEmailRoute() {
  useDocumentTitle('Verify your email');
  const token = linkToken(useLocation());
  const verify = useVerifyEmail();

  if (!token) {
    return (
      <AuthLayout title="Verify your email">
        <p role="alert">{emailTexts.verifyLinkIncomplete}</p>
        <Link to={paths.login}>Log in</Link>
      </AuthLayout>
    );
  }
  if (verify.isSuccess) {
    return (
      <AuthLayout title="Your email is verified">
        <p role="status">{emailTexts.verified}</p>
        <Link to={paths.settings}>Settings</Link>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Verify your email">
      {verify.isError ? <p role="alert">{errorText(verify.error)}</p> : null}
      <div className="auth__actions">
        <Button busy={verify.isPending} onClick={() => verify.mutate(token)}>
          Verify this email
        </Button>
      </div>
    </AuthLayout>
  );
}
