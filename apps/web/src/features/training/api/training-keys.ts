/** Every training query lives under ['training']: a logged workout refreshes them together. */
export const trainingKeys = {
  all: ['training'] as const,
  settings: () => ['training', 'settings'] as const,
  exercises: (q: string) => ['training', 'exercises', q] as const,
  workouts: (username: string) => ['training', 'workouts', username] as const,
  records: (username: string) => ['training', 'records', username] as const,
  stats: (username: string) => ['training', 'stats', username] as const,
  progress: (username: string, exerciseId: string) => ['training', 'progress', username, exerciseId] as const,
};
