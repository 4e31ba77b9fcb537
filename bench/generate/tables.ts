/** What both loaders (sqlite.ts, postgres.ts) know of the tables they fill. */

/** Tables whose secondary indexes are dropped while loading and built once at the end (much faster). */
export const bulkTables = [
  'posts',
  'likes',
  'follows',
  'comments',
  'comment_tags',
  'post_tags',
  'notifications',
  'notification_actors',
  'workouts',
  'workout_exercises',
  'workout_sets',
  'workout_records',
];

/**
 * The columns the generator fills in the tables loaded from row objects, each with its PostgreSQL
 * type (the unnest arrays need one); SQLite binds the same names.
 */
export const loadedColumns = {
  comments: {
    id: 'bigint',
    public_id: 'text',
    post_id: 'bigint',
    author_id: 'bigint',
    parent_id: 'bigint',
    thread_at: 'timestamptz',
    thread_public_id: 'text',
    content: 'text',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  },
  comment_tags: { comment_id: 'bigint', tag: 'text', post_id: 'bigint' },
  post_tags: { tag: 'text', post_id: 'bigint', created_at: 'timestamptz' },
  notifications: {
    id: 'bigint',
    public_id: 'text',
    recipient_id: 'bigint',
    type: 'text',
    post_id: 'bigint',
    comment_id: 'bigint',
    group_key: 'text',
    actor_count: 'int',
    is_read: 'int',
    created_at: 'timestamptz',
  },
  notification_actors: { notification_id: 'bigint', actor_id: 'bigint', created_at: 'timestamptz' },
  workouts: {
    id: 'text',
    user_id: 'bigint',
    title: 'text',
    notes: 'text',
    started_at: 'timestamptz',
    duration_sec: 'int',
    total_volume_kg: 'float8',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  },
  workout_exercises: {
    workout_id: 'text',
    position: 'int',
    exercise_id: 'text',
    user_id: 'bigint',
    started_at: 'timestamptz',
    notes: 'text',
    volume_kg: 'float8',
    e1rm_kg: 'float8',
  },
  workout_sets: {
    workout_id: 'text',
    exercise_position: 'int',
    position: 'int',
    type: 'text',
    reps: 'int',
    weight_kg: 'float8',
    distance_m: 'float8',
    duration_sec: 'int',
    rpe: 'float8',
  },
  workout_records: {
    workout_id: 'text',
    user_id: 'bigint',
    exercise_id: 'text',
    started_at: 'timestamptz',
    type: 'text',
    value: 'float8',
    weight_kg: 'float8',
    previous: 'float8',
  },
  routines: {
    public_id: 'text',
    user_id: 'bigint',
    title: 'text',
    notes: 'text',
    exercises: 'text',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  },
} satisfies Record<string, Record<string, string>>;

export type LoadedTable = keyof typeof loadedColumns;
