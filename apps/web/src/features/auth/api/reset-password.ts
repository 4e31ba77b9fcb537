import { routes } from '@spotter/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** Sets a new password with a recovery link's token (issue 16); every earlier token of the account ends. */
export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: { token: string; newPassword: string }) => call(routes.resetPassword, { body }),
  });
