import type { RouteHandlers } from '../../http/add-route';
import { createExercise } from './routes/create-exercise';
import { createWorkout } from './routes/create-workout';
import { deleteWorkout } from './routes/delete-workout';
import { editTrainingSettings } from './routes/edit-training-settings';
import { editWorkout } from './routes/edit-workout';
import { exportWorkouts } from './routes/export-workouts';
import { getWorkout } from './routes/get-workout';
import { importWorkouts } from './routes/import-workouts';
import { listExercises } from './routes/list-exercises';
import { trainingSettings } from './routes/training-settings';
import { userProgress } from './routes/user-progress';
import { userRecords } from './routes/user-records';
import { userStats } from './routes/user-stats';
import { userWorkouts } from './routes/user-workouts';

/** The handlers of the training module's routes, for the registry (http/handlers.ts). */
export const trainingHandlers = {
  createExercise,
  createWorkout,
  deleteWorkout,
  editTrainingSettings,
  editWorkout,
  exportWorkouts,
  getWorkout,
  importWorkouts,
  listExercises,
  trainingSettings,
  userProgress,
  userRecords,
  userStats,
  userWorkouts,
} satisfies RouteHandlers;
