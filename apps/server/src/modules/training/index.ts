export { catalogue } from './catalogue';
export { workoutsCsvRows } from './csv-export';
export { foldName } from './fold-name';
export { rebuildStandings } from './queries/exercise-bests';
export { exercisesVisibleTo } from './queries/exercises';
export { postWorkoutColumns } from './queries/post-workouts';
export { trainingSettingsOf } from './queries/training-stats';
export { insertWorkouts, type WorkoutKeyset, workoutPage } from './queries/workouts';
export { routinesOfOwner } from './routine-write';
