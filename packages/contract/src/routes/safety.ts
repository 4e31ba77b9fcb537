import { routeGroup, writes } from './spec';

/** Safety (issue 16): block and mute (the `safety` tag). */
export const safetyRoutes = routeGroup({
  blockUser: {
    method: 'POST',
    path: '/api/users/block/:userId',
    summary: 'Block a person: follows end both ways; neither sees, follows, likes, comments on or mentions the other',
    tag: 'safety',
    auth: true,
    status: 200,
    rateLimit: writes,
  },
  unblockUser: {
    method: 'POST',
    path: '/api/users/unblock/:userId',
    summary: 'Undo a block (follows are not restored)',
    tag: 'safety',
    auth: true,
    status: 200,
    rateLimit: writes,
  },
  muteUser: {
    method: 'POST',
    path: '/api/users/mute/:userId',
    summary: 'Mute a person: their posts, comments and notifications are hidden from you alone, silently',
    tag: 'safety',
    auth: true,
    status: 200,
    rateLimit: writes,
  },
  unmuteUser: {
    method: 'POST',
    path: '/api/users/unmute/:userId',
    summary: 'Undo a mute',
    tag: 'safety',
    auth: true,
    status: 200,
    rateLimit: writes,
  },
  listBlocks: {
    method: 'GET',
    path: '/api/users/me/blocks',
    summary: 'The people the signed-in person blocks, one page, most recent first',
    tag: 'safety',
    auth: true,
    status: 200,
    paging: 'always',
  },
  listMutes: {
    method: 'GET',
    path: '/api/users/me/mutes',
    summary: 'The people the signed-in person mutes, one page, most recent first',
    tag: 'safety',
    auth: true,
    status: 200,
    paging: 'always',
  },
});
