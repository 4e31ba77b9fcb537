import { guestCredentials } from '@spotter/contract';
import { seedPosts, seedUsers } from '../../src/seed/data';
import { seedIds } from '../../src/seed/seed';

/** Seed people and posts by their key, for tests that need a known starting point. */
export const seedUser = (key: string) => {
  const user = seedUsers.find((u) => u.key === key);
  if (!user) throw new Error(`no seed user ${key}`);
  return { ...user, id: seedIds.userId(key) };
};

export const seedPost = (key: string) => {
  const post = seedPosts.find((p) => p.key === key);
  if (!post) throw new Error(`no seed post ${key}`);
  return { ...post, id: seedIds.postId(key) };
};

export const guest = guestCredentials;
