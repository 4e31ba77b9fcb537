import { accountExport } from '@spotter/contract';
import type { Handler } from '../../../http/add-route';
import { accountArchive } from '../export-archive';
import { signedInRow } from '../require-user';

/** Everything the signed-in person made, as a ZIP streamed while it is written (modules/accounts/export-archive.ts). */
export const exportAccount: Handler<'exportAccount'> = async ({ user, request, reply }, ctx) => {
  reply.type('application/zip');
  reply.header('content-disposition', `attachment; filename="${accountExport.fileName}"`);
  return accountArchive(ctx, await signedInRow(ctx.db, user), request.log);
};
