/**
 * The demo network's conversation (issue 14): comments and replies (with @mentions) on the seed
 * posts, so the guest finds threads and notifications waiting. Users and posts by their seed key.
 */
export interface SeedComment {
  key: string;
  post: string;
  author: string;
  content: string;
  /** The key of the top-level comment it answers. */
  replyTo?: string;
  /** Minutes after the post. */
  after: number;
}

export const seedComments: SeedComment[] = [
  {
    key: 'c1',
    post: 'guest-first',
    author: 'maya',
    content: 'Welcome back! Starting light is the smart move. @coach_dan wrote a good deload post for later.',
    after: 90,
  },
  {
    key: 'c2',
    post: 'guest-first',
    author: 'guest',
    content: 'Thanks @maya_lifts! Easing in.',
    replyTo: 'c1',
    after: 120,
  },
  { key: 'c3', post: 'guest-first', author: 'dan', content: 'Consistency beats intensity. Proud of you.', after: 200 },
  {
    key: 'c4',
    post: 'guest-squat',
    author: 'priya',
    content: 'Depth looks great. @mobility_mo should see this #squat',
    after: 45,
  },
  {
    key: 'c5',
    post: 'guest-squat',
    author: 'mo',
    content: 'Told you the hip routine works!',
    replyTo: 'c4',
    after: 80,
  },
  {
    key: 'c6',
    post: 'maya-pr',
    author: 'guest',
    content: 'Huge pull! What did your deficit work look like?',
    after: 30,
  },
  {
    key: 'c7',
    post: 'maya-pr',
    author: 'maya',
    content: '@guest 3x5 from a 5 cm deficit, once a week.',
    replyTo: 'c6',
    after: 75,
  },
  {
    key: 'c8',
    post: 'kai-sandbag',
    author: 'tom',
    content: 'Doing this on the trail next week. @guest you in?',
    after: 60,
  },
];
