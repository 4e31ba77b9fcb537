import { emailTexts } from '@spotter/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useCapabilities } from '../../../lib/capabilities';

/** The login screen's "Forgot password?", only where the server can mail a link (issue 45). */
export function ForgotPasswordLink() {
  const { email } = useCapabilities();
  if (!email) return null;
  return (
    <p className="auth__switch">
      <Link to={paths.forgotPassword}>{emailTexts.forgotLink}</Link>
    </p>
  );
}
