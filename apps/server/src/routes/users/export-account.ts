import { accountExport } from '@spotter/contract';
import { accountArchive } from '../../account/export-archive';
import { signedInRow } from '../../auth/require-user';
import type { Handler } from '../../http/add-route';

/** Everything the signed-in person made, as a ZIP streamed while it is written (account/export-archive.ts). */
export const exportAccount: Handler<'exportAccount'> = async ({ user, request, reply }, ctx) => {
  reply.type('application/zip');
  reply.header('content-disposition', `attachment; filename="${accountExport.fileName}"`);
  return accountArchive(ctx, await signedInRow(ctx.db, user), request.log);
};
