import type { RouteHandlers } from '../../http/add-route';
import { myEmail, setEmail, verifyEmail } from './routes/account-email';
import { accountSettings, editAccountSettings } from './routes/account-settings';
import { capabilities } from './routes/capabilities';
import { changePassword } from './routes/change-password';
import { deleteAccount } from './routes/delete-account';
import { editProfile } from './routes/edit-profile';
import { exportAccount } from './routes/export-account';
import { forgotPassword } from './routes/forgot-password';
import { getUser } from './routes/get-user';
import { guestAccount } from './routes/guest-account';
import { listUsers } from './routes/list-users';
import { login } from './routes/login';
import { logout } from './routes/logout';
import { lookupUser } from './routes/lookup-user';
import { me } from './routes/me';
import { myRole } from './routes/my-role';
import { profile } from './routes/profile';
import { resetPassword } from './routes/reset-password';
import { searchUsers } from './routes/search-users';
import { securityLog } from './routes/security-log';
import { listSessions, revokeAllSessions, revokeSession } from './routes/sessions';
import { signup } from './routes/signup';
import { suggestions } from './routes/suggestions';
import { confirmTwoFactorRoute, disableTwoFactor, startTwoFactor, twoFactorStatus } from './routes/two-factor';

/** The handlers of the accounts module's routes, for the registry (http/handlers.ts). */
export const accountsHandlers = {
  accountSettings,
  editAccountSettings,
  changePassword,
  deleteAccount,
  editProfile,
  exportAccount,
  getUser,
  guestAccount,
  listUsers,
  login,
  logout,
  lookupUser,
  me,
  myRole,
  profile,
  resetPassword,
  searchUsers,
  securityLog,
  listSessions,
  revokeAllSessions,
  revokeSession,
  signup,
  suggestions,
  twoFactorStatus,
  startTwoFactor,
  confirmTwoFactor: confirmTwoFactorRoute,
  disableTwoFactor,
  // Email and "Forgot password?" (issue 45).
  capabilities,
  myEmail,
  setEmail,
  verifyEmail,
  forgotPassword,
} satisfies RouteHandlers;
