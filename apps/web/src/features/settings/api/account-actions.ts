import { accountExport, routes } from '@spotter/contract';
import { useMutation } from '@tanstack/react-query';
import { call, download, saveFile } from '../../../lib/api-client';
import { getSession, setSession } from '../../../lib/session';

/** Changing the password ends every other session; this one goes on with the fresh token. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: async (body: { currentPassword: string; newPassword: string }) =>
      (await call(routes.changePassword, { body })).encodedToken,
    onSuccess: (token) => {
      const session = getSession();
      if (session) setSession({ ...session, token });
    },
  });

/** Fetches the ZIP of everything the person made and hands it to the browser to save. */
export const useExportAccount = () =>
  useMutation({
    mutationFn: async () => {
      const { blob, fileName } = await download(routes.exportAccount);
      saveFile(blob, fileName ?? accountExport.fileName);
    },
  });

export const useDeleteAccount = () =>
  useMutation({
    mutationFn: async (password: string) => (await call(routes.deleteAccount, { body: { password } })).deleted,
  });
