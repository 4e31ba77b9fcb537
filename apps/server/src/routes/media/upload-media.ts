import type { Handler } from '../../http/add-route';
import { acceptUpload } from '../../media/accept-upload';

export const uploadMedia: Handler<'uploadMedia'> = async ({ user, request, reply }, ctx) => {
  try {
    return { media: await acceptUpload(ctx, request, user.id) };
  } catch (error) {
    // Refused before the body ended (too large, wrong type): close the connection after the
    // answer, or the client goes on sending the rest and the socket stays busy.
    if (!request.raw.complete) reply.header('connection', 'close');
    throw error;
  }
};
