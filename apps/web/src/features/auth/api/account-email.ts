import { type ForgotPasswordBody, routes } from '@spotter/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** "Forgot password?" (issue 45): the server answers 202 whatever the username. */
export const useForgotPassword = () =>
  useMutation({ mutationFn: (body: ForgotPasswordBody) => call(routes.forgotPassword, { body }) });

/** The verification link's token, spent once. */
export const useVerifyEmail = () =>
  useMutation({ mutationFn: (token: string) => call(routes.verifyEmail, { body: { token } }) });
