import type { RouteHandlers } from '../../http/add-route';
import { createExercise } from './routes/create-exercise';
import { createRoutine } from './routes/create-routine';
import { createWorkout } from './routes/create-workout';
import { deleteRoutine } from './routes/delete-routine';
import { deleteWorkout } from './routes/delete-workout';
import { editRoutine } from './routes/edit-routine';
import { editTrainingSettings } from './routes/edit-training-settings';
import { editWorkout } from './routes/edit-workout';
import { exportWorkouts } from './routes/export-workouts';
import { getRoutine } from './routes/get-routine';
import { getWorkout } from './routes/get-workout';
import { importWorkouts } from './routes/import-workouts';
import { lastOfExercise } from './routes/last-of-exercise';
import { listExercises } from './routes/list-exercises';
import { listRoutines } from './routes/list-routines';
import { previewImport } from './routes/preview-import';
import { routineFromPost } from './routes/routine-from-post';
import { routineFromWorkout } from './routes/routine-from-workout';
import { trainingSettings } from './routes/training-settings';
import { userProgress } from './routes/user-progress';
import { userRecords } from './routes/user-records';
import { userStats } from './routes/user-stats';
import { userWorkouts } from './routes/user-workouts';
import { workoutFromPost } from './routes/workout-from-post';

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
  previewImport,
  listExercises,
  lastOfExercise,
  listRoutines,
  createRoutine,
  getRoutine,
  editRoutine,
  deleteRoutine,
  routineFromWorkout,
  routineFromPost,
  workoutFromPost,
  trainingSettings,
  userProgress,
  userRecords,
  userStats,
  userWorkouts,
} satisfies RouteHandlers;
