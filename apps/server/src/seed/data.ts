import { guestCredentials, presetAvatars } from '@spotter/contract';
import { seedTime } from './clock';

/** Spotter's demo network: 8 people, 19 posts, in our own words. */

export interface SeedUser {
  key: string;
  username: string;
  /** Only the guest's is known (public on purpose); the others get a random one at each seeding. */
  password?: string;
  firstname: string;
  lastname: string;
  bio: string;
  website: string;
  avatarUrl: string;
  joined: string;
}

const avatar = (n: number) => presetAvatars[(n - 1) % presetAvatars.length] ?? presetAvatars[0];

export const seedUsers: SeedUser[] = [
  {
    key: 'guest',
    username: guestCredentials.username,
    password: guestCredentials.password,
    firstname: 'Guest',
    lastname: 'Athlete',
    bio: 'Just looking around the gym floor. Say hi!',
    website: '',
    avatarUrl: avatar(1),
    joined: seedTime('2026-06-01T08:00:00.000Z'),
  },
  {
    key: 'maya',
    username: 'maya_lifts',
    firstname: 'Maya',
    lastname: 'Okafor',
    bio: 'Powerlifter. 3x state meet. Deadlifts before coffee.',
    website: 'https://example.com/maya-lifts',
    avatarUrl: avatar(2),
    joined: seedTime('2026-06-03T07:30:00.000Z'),
  },
  {
    key: 'dan',
    username: 'coach_dan',
    firstname: 'Dan',
    lastname: 'Whitaker',
    bio: 'Strength coach. Progressive overload is a lifestyle.',
    website: 'https://example.com/coach-dan',
    avatarUrl: avatar(3),
    joined: seedTime('2026-06-05T12:00:00.000Z'),
  },
  {
    key: 'priya',
    username: 'runwithpriya',
    firstname: 'Priya',
    lastname: 'Natarajan',
    bio: 'Marathoner chasing sub-3. Zone 2 evangelist.',
    website: '',
    avatarUrl: avatar(4),
    joined: seedTime('2026-06-10T06:15:00.000Z'),
  },
  {
    key: 'mo',
    username: 'mobility_mo',
    firstname: 'Mo',
    lastname: 'Haddad',
    bio: 'Mobility coach. Your hips called, they want attention.',
    website: 'https://example.com/mobility-mo',
    avatarUrl: avatar(5),
    joined: seedTime('2026-06-14T18:40:00.000Z'),
  },
  {
    key: 'lena',
    username: 'mealprep_lena',
    firstname: 'Lena',
    lastname: 'Fischer',
    bio: 'Sports nutritionist. Sunday is meal prep day.',
    website: '',
    avatarUrl: avatar(6),
    joined: seedTime('2026-06-20T10:05:00.000Z'),
  },
  {
    key: 'kai',
    username: 'kettlebell_kai',
    firstname: 'Kai',
    lastname: 'Nakamura',
    bio: 'Kettlebells, sandbags and anything awkward to lift.',
    website: '',
    avatarUrl: avatar(7),
    joined: seedTime('2026-07-02T09:00:00.000Z'),
  },
  {
    key: 'tom',
    username: 'trailtom',
    firstname: 'Tom',
    lastname: 'Brennan',
    bio: 'Trail runner. Mud is a feature.',
    website: 'https://example.com/trailtom',
    avatarUrl: avatar(2),
    joined: seedTime('2026-07-15T16:20:00.000Z'),
  },
];

export interface SeedPost {
  key: string;
  author: string;
  content: string;
  image?: string;
  createdAt: string;
  likedBy: string[];
}

export const seedPosts: SeedPost[] = [
  {
    key: 'maya-pr',
    author: 'maya',
    content:
      'New deadlift PR: 180 kg for a clean single! Six months of pulling from a deficit finally paid off. #deadlift #pr',
    createdAt: seedTime('2026-08-02T07:45:00.000Z'),
    likedBy: ['dan', 'guest', 'kai', 'priya'],
  },
  {
    key: 'dan-overload',
    author: 'dan',
    content: 'Progressive overload does not mean adding weight every session. Reps, sets, tempo and rest all count.',
    createdAt: seedTime('2026-08-05T12:10:00.000Z'),
    likedBy: ['maya', 'mo'],
  },
  {
    key: 'priya-long-run',
    author: 'priya',
    content: '32 km long run done at easy pace. Fuelled every 30 minutes and felt strong to the end.',
    createdAt: seedTime('2026-08-09T09:30:00.000Z'),
    likedBy: ['tom', 'lena', 'guest'],
  },
  {
    key: 'mo-hips',
    author: 'mo',
    content:
      'Ten minutes a day: 90/90 switches, couch stretch, deep squat hold. Your squat depth will thank you. #mobility #squat',
    createdAt: seedTime('2026-08-14T18:00:00.000Z'),
    likedBy: ['maya', 'kai', 'dan'],
  },
  {
    key: 'lena-prep',
    author: 'lena',
    content: 'Sunday prep: 2 kg chicken thighs, rice, roasted peppers, overnight oats for five days. Two hours, done.',
    createdAt: seedTime('2026-08-17T15:20:00.000Z'),
    likedBy: ['priya', 'guest', 'tom', 'kai', 'maya'],
  },
  {
    key: 'kai-swings',
    author: 'kai',
    content: '10,000 kettlebell swings in a month: halfway there. Grip is toast, back has never felt better.',
    createdAt: seedTime('2026-08-21T06:50:00.000Z'),
    likedBy: ['dan'],
  },
  {
    key: 'tom-trail',
    author: 'tom',
    content: 'Trail half this morning. 700 m of climbing, one lost shoe in the mud, zero regrets.',
    createdAt: seedTime('2026-08-24T11:05:00.000Z'),
    likedBy: ['priya', 'mo'],
  },
  {
    key: 'guest-first',
    author: 'guest',
    content:
      'First week back in the gym after a long break. Started light: squats, push-ups and rows. Feeling it! #squat #comeback',
    createdAt: seedTime('2026-08-28T19:30:00.000Z'),
    likedBy: ['dan', 'maya', 'lena'],
  },
  {
    key: 'maya-bench',
    author: 'maya',
    content: 'Bench day. Paused reps at 80% to own the bottom position. Leg drive is everything. #bench #pr',
    createdAt: seedTime('2026-09-03T08:15:00.000Z'),
    likedBy: ['kai'],
  },
  {
    key: 'dan-deload',
    author: 'dan',
    content: 'Reminder: a deload week is part of training, not a break from it. Recover hard.',
    createdAt: seedTime('2026-09-08T13:40:00.000Z'),
    likedBy: ['guest', 'priya', 'mo', 'tom'],
  },
  {
    key: 'priya-intervals',
    author: 'priya',
    content: 'Track Tuesday: 6 x 800 m at 5k pace, 90 s jog between. Last rep was the fastest. #running #intervals',
    createdAt: seedTime('2026-09-15T06:00:00.000Z'),
    likedBy: [],
  },
  {
    key: 'lena-protein',
    author: 'lena',
    content: 'Protein target made simple: 1.6 to 2.2 g per kg of body weight, spread over 3-4 meals.',
    createdAt: seedTime('2026-09-22T10:30:00.000Z'),
    likedBy: ['maya', 'dan', 'kai'],
  },
  {
    key: 'mo-shoulders',
    author: 'mo',
    content: 'Overhead press stalling? Check your thoracic extension first. Foam roller, then wall slides.',
    createdAt: seedTime('2026-09-29T17:45:00.000Z'),
    likedBy: ['guest'],
  },
  {
    key: 'kai-sandbag',
    author: 'kai',
    content: 'Sandbag carries, 4 rounds of 40 m. Nothing humbles you like a bag that fights back. #strongman',
    createdAt: seedTime('2026-10-04T07:20:00.000Z'),
    likedBy: ['tom', 'maya'],
  },
  {
    key: 'tom-hills',
    author: 'tom',
    content: 'Hill repeats in the rain. Eight times up, eight times down, one very happy dog.',
    createdAt: seedTime('2026-10-11T16:10:00.000Z'),
    likedBy: [],
  },
  {
    key: 'guest-squat',
    author: 'guest',
    content: 'Hit bodyweight on the squat today for 5 reps. Small win, big smile.',
    createdAt: seedTime('2026-10-19T18:25:00.000Z'),
    likedBy: ['maya', 'dan', 'kai', 'mo', 'lena', 'priya'],
  },
  {
    key: 'maya-meet',
    author: 'maya',
    content: 'Meet prep week 8 of 12. Openers picked, attempts planned. Sleep is now a training priority.',
    createdAt: seedTime('2026-10-30T09:00:00.000Z'),
    likedBy: ['dan', 'lena'],
  },
  {
    key: 'lena-breakfast',
    author: 'lena',
    content: 'Post-run breakfast: Greek yoghurt, berries, honey, oats. Ready in three minutes. #running #mealprep',
    createdAt: seedTime('2026-11-17T08:40:00.000Z'),
    likedBy: ['priya', 'tom', 'guest'],
  },
  {
    key: 'dan-form',
    author: 'dan',
    content:
      'Film your sets from the side at hip height. You will learn more in one video than in ten cues. #squat #formcheck',
    createdAt: seedTime('2026-11-18T12:00:00.000Z'),
    likedBy: ['maya', 'kai'],
  },
];

/** [follower, followee] */
export const seedFollows: [string, string][] = [
  ['guest', 'maya'],
  ['guest', 'dan'],
  ['maya', 'dan'],
  ['maya', 'kai'],
  ['dan', 'maya'],
  ['priya', 'tom'],
  ['priya', 'lena'],
  ['mo', 'maya'],
  ['lena', 'priya'],
  ['kai', 'maya'],
  ['kai', 'mo'],
  ['tom', 'priya'],
  ['tom', 'guest'],
];

/** [user, post] */
export const seedBookmarks: [string, string][] = [
  ['guest', 'lena-prep'],
  ['guest', 'mo-hips'],
  ['maya', 'dan-deload'],
  ['priya', 'lena-protein'],
  ['kai', 'maya-pr'],
  ['tom', 'priya-intervals'],
];
