import { type AppealBody, routes } from '@spotter/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** A suspended person's one appeal to the moderators (issue 47): with the username and password they logged in with. */
export const useAppeal = () =>
  useMutation({ mutationFn: (body: AppealBody) => call(routes.appealSuspension, { body }) });
