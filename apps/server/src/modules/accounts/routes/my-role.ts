import type { Handler } from '../../../http/add-route';

/** The web app shows /admin to moderators and admins only. */
export const myRole: Handler<'myRole'> = async ({ user }) => ({ role: user.role });
