import type { Handler } from '../../../http/add-route';
import { acceptUpload } from '../accept-upload';

/** A refusal before the body has ended (too large, wrong type) closes the connection: http/lingering-close.ts. */
export const uploadMedia: Handler<'uploadMedia'> = async ({ user, request }, ctx) => ({
  media: await acceptUpload(ctx, request, user.id),
});
