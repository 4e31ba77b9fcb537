import type { RouteHandlers } from '../../http/add-route';
import { blockUser } from './routes/block-user';
import { listBlocks } from './routes/list-blocks';
import { listMutes } from './routes/list-mutes';
import { muteUser } from './routes/mute-user';
import { unblockUser } from './routes/unblock-user';
import { unmuteUser } from './routes/unmute-user';

/** The handlers of the safety module's routes, for the registry (http/handlers.ts). */
export const safetyHandlers = {
  blockUser,
  listBlocks,
  listMutes,
  muteUser,
  unblockUser,
  unmuteUser,
} satisfies RouteHandlers;
