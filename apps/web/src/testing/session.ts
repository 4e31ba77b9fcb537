import type { User } from '@spotter/contract';
import { setSession } from '../lib/session';

/** A user object as the server sends it for the signed-in person; `_id` and the rest as given. */
export const testUser = (fields: Partial<User> = {}): User => ({
  _id: 'u1',
  username: 'maya',
  firstname: 'Maya',
  lastname: 'Okafor',
  avatarUrl: '',
  bio: '',
  website: '',
  bookmarks: [],
  followers: [],
  following: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

/** Signs a test in as `user`, as the login screen does (SPEC §3's localStorage keys). */
export const signInAs = (user: User) => setSession({ token: 'a-token', user });
