import type { Equipment, ExerciseCategory, ExerciseMeasure, Muscle } from '@spotter/contract';
import { slugName } from './fold-name';

/**
 * Spotter's own exercise catalogue: names and tags written for Spotter, not copied from any other
 * project. Migration 030 loads it; a later change to this list ships as a new migration that upserts
 * by `_id`, so an existing server gets it too (030 alone only runs once).
 */
export interface CatalogueExercise {
  /** Stable public id: the slug of the name, the same on every server (exports can name it). */
  id: string;
  name: string;
  category: ExerciseCategory;
  measure: ExerciseMeasure;
  equipment: Equipment;
  primaryMuscles: Muscle[];
  secondaryMuscles: Muscle[];
}

type Row = [name: string, equipment: Equipment, primary: string, secondary?: string];

const muscleList = (text = '') => (text === '' ? [] : (text.split(' ') as Muscle[]));

/** One group of rows sharing a category and a measure; the muscles are space-separated. */
const group = (category: ExerciseCategory, measure: ExerciseMeasure, rows: Row[]): CatalogueExercise[] =>
  rows.map(([name, equipment, primary, secondary]) => ({
    id: slugName(name),
    name,
    category,
    measure,
    equipment,
    primaryMuscles: muscleList(primary),
    secondaryMuscles: muscleList(secondary),
  }));

const loadedLifts: Row[] = [
  // Chest
  ['Barbell Bench Press', 'barbell', 'chest', 'triceps shoulders'],
  ['Incline Barbell Bench Press', 'barbell', 'chest shoulders', 'triceps'],
  ['Decline Barbell Bench Press', 'barbell', 'chest', 'triceps'],
  ['Close-Grip Bench Press', 'barbell', 'triceps', 'chest shoulders'],
  ['Paused Bench Press', 'barbell', 'chest', 'triceps shoulders'],
  ['Dumbbell Bench Press', 'dumbbell', 'chest', 'triceps shoulders'],
  ['Incline Dumbbell Press', 'dumbbell', 'chest shoulders', 'triceps'],
  ['Decline Dumbbell Press', 'dumbbell', 'chest', 'triceps'],
  ['Dumbbell Floor Press', 'dumbbell', 'chest triceps', 'shoulders'],
  ['Dumbbell Fly', 'dumbbell', 'chest', 'shoulders'],
  ['Incline Dumbbell Fly', 'dumbbell', 'chest', 'shoulders'],
  ['Cable Crossover', 'cable', 'chest', 'shoulders'],
  ['Low-to-High Cable Fly', 'cable', 'chest', 'shoulders'],
  ['Machine Chest Press', 'machine', 'chest', 'triceps shoulders'],
  ['Pec Deck', 'machine', 'chest', 'shoulders'],
  ['Smith Machine Bench Press', 'smith_machine', 'chest', 'triceps shoulders'],
  ['Dumbbell Pullover', 'dumbbell', 'chest lats', 'triceps'],
  ['Landmine Press', 'barbell', 'shoulders chest', 'triceps'],
  ['Weighted Dip', 'dip_bars', 'chest triceps', 'shoulders'],
  // Hinges and back
  ['Conventional Deadlift', 'barbell', 'glutes hamstrings lower_back', 'quadriceps traps forearms'],
  ['Sumo Deadlift', 'barbell', 'glutes quadriceps adductors', 'hamstrings lower_back'],
  ['Romanian Deadlift', 'barbell', 'hamstrings glutes', 'lower_back forearms'],
  ['Dumbbell Romanian Deadlift', 'dumbbell', 'hamstrings glutes', 'lower_back'],
  ['Stiff-Leg Deadlift', 'barbell', 'hamstrings', 'glutes lower_back'],
  ['Trap Bar Deadlift', 'trap_bar', 'quadriceps glutes', 'hamstrings lower_back traps'],
  ['Deficit Deadlift', 'barbell', 'glutes hamstrings lower_back', 'quadriceps'],
  ['Rack Pull', 'barbell', 'lower_back traps glutes', 'hamstrings forearms'],
  ['Single-Leg Romanian Deadlift', 'dumbbell', 'hamstrings glutes', 'abductors lower_back'],
  ['Good Morning', 'barbell', 'hamstrings lower_back', 'glutes'],
  ['Barbell Row', 'barbell', 'upper_back lats', 'biceps lower_back'],
  ['Pendlay Row', 'barbell', 'upper_back lats', 'biceps lower_back'],
  ['One-Arm Dumbbell Row', 'dumbbell', 'lats upper_back', 'biceps'],
  ['Chest-Supported Dumbbell Row', 'dumbbell', 'upper_back lats', 'biceps'],
  ['T-Bar Row', 'barbell', 'upper_back lats', 'biceps'],
  ['Seated Cable Row', 'cable', 'upper_back lats', 'biceps'],
  ['Lat Pulldown', 'cable', 'lats', 'biceps upper_back'],
  ['Close-Grip Lat Pulldown', 'cable', 'lats', 'biceps'],
  ['Straight-Arm Pulldown', 'cable', 'lats', 'triceps'],
  ['Machine Row', 'machine', 'upper_back lats', 'biceps'],
  ['Weighted Pull-Up', 'pull_up_bar', 'lats', 'biceps upper_back'],
  ['Weighted Chin-Up', 'pull_up_bar', 'lats biceps', 'upper_back'],
  ['Assisted Pull-Up', 'machine', 'lats', 'biceps'],
  ['Barbell Shrug', 'barbell', 'traps', 'forearms'],
  ['Dumbbell Shrug', 'dumbbell', 'traps', 'forearms'],
  ['Face Pull', 'cable', 'shoulders upper_back', 'traps'],
  ['Renegade Row', 'dumbbell', 'upper_back lats', 'abdominals'],
  // Shoulders
  ['Overhead Press', 'barbell', 'shoulders', 'triceps upper_back'],
  ['Seated Dumbbell Shoulder Press', 'dumbbell', 'shoulders', 'triceps'],
  ['Arnold Press', 'dumbbell', 'shoulders', 'triceps'],
  ['Push Press', 'barbell', 'shoulders', 'triceps quadriceps'],
  ['Machine Shoulder Press', 'machine', 'shoulders', 'triceps'],
  ['Z Press', 'barbell', 'shoulders', 'triceps abdominals'],
  ['Dumbbell Lateral Raise', 'dumbbell', 'shoulders', 'traps'],
  ['Cable Lateral Raise', 'cable', 'shoulders', 'traps'],
  ['Dumbbell Front Raise', 'dumbbell', 'shoulders', 'chest'],
  ['Reverse Dumbbell Fly', 'dumbbell', 'shoulders upper_back', 'traps'],
  ['Reverse Pec Deck', 'machine', 'shoulders upper_back', 'traps'],
  ['Upright Row', 'barbell', 'shoulders traps', 'biceps'],
  // Arms
  ['Barbell Curl', 'barbell', 'biceps', 'forearms'],
  ['EZ-Bar Curl', 'ez_bar', 'biceps', 'forearms'],
  ['Dumbbell Curl', 'dumbbell', 'biceps', 'forearms'],
  ['Hammer Curl', 'dumbbell', 'biceps forearms'],
  ['Incline Dumbbell Curl', 'dumbbell', 'biceps'],
  ['Preacher Curl', 'ez_bar', 'biceps'],
  ['Concentration Curl', 'dumbbell', 'biceps'],
  ['Cable Curl', 'cable', 'biceps', 'forearms'],
  ['Reverse-Grip Curl', 'ez_bar', 'forearms biceps'],
  ['Wrist Curl', 'dumbbell', 'forearms'],
  ['Reverse Wrist Curl', 'dumbbell', 'forearms'],
  ['Triceps Pushdown', 'cable', 'triceps'],
  ['Overhead Cable Triceps Extension', 'cable', 'triceps'],
  ['Skull Crusher', 'ez_bar', 'triceps'],
  ['Overhead Dumbbell Triceps Extension', 'dumbbell', 'triceps'],
  ['Dumbbell Triceps Kickback', 'dumbbell', 'triceps'],
  // Squats and legs
  ['Barbell Back Squat', 'barbell', 'quadriceps glutes', 'adductors hamstrings lower_back'],
  ['Barbell Front Squat', 'barbell', 'quadriceps', 'glutes abdominals upper_back'],
  ['Box Squat', 'barbell', 'glutes quadriceps', 'hamstrings adductors'],
  ['Paused Squat', 'barbell', 'quadriceps glutes', 'adductors'],
  ['Zercher Squat', 'barbell', 'quadriceps glutes', 'upper_back abdominals'],
  ['Goblet Squat', 'kettlebell', 'quadriceps glutes', 'abdominals'],
  ['Hack Squat', 'machine', 'quadriceps', 'glutes'],
  ['Leg Press', 'machine', 'quadriceps glutes', 'hamstrings adductors'],
  ['Smith Machine Squat', 'smith_machine', 'quadriceps glutes', 'hamstrings'],
  ['Bulgarian Split Squat', 'dumbbell', 'quadriceps glutes', 'adductors hamstrings'],
  ['Walking Lunge', 'dumbbell', 'quadriceps glutes', 'hamstrings adductors'],
  ['Reverse Lunge', 'dumbbell', 'glutes quadriceps', 'hamstrings'],
  ['Dumbbell Step-Up', 'dumbbell', 'quadriceps glutes', 'calves'],
  ['Leg Extension', 'machine', 'quadriceps'],
  ['Lying Leg Curl', 'machine', 'hamstrings', 'calves'],
  ['Seated Leg Curl', 'machine', 'hamstrings'],
  ['Barbell Hip Thrust', 'barbell', 'glutes', 'hamstrings'],
  ['Cable Pull-Through', 'cable', 'glutes hamstrings', 'lower_back'],
  ['Hip Adduction Machine', 'machine', 'adductors'],
  ['Hip Abduction Machine', 'machine', 'abductors glutes'],
  ['Standing Calf Raise', 'machine', 'calves'],
  ['Seated Calf Raise', 'machine', 'calves'],
  ['Kettlebell Swing', 'kettlebell', 'glutes hamstrings', 'lower_back shoulders'],
  // Whole-body and Olympic lifts
  ['Power Clean', 'barbell', 'glutes hamstrings traps', 'quadriceps shoulders'],
  ['Hang Clean', 'barbell', 'glutes hamstrings traps', 'quadriceps'],
  ['Clean and Jerk', 'barbell', 'quadriceps glutes shoulders', 'hamstrings traps triceps'],
  ['Snatch', 'barbell', 'glutes hamstrings shoulders', 'quadriceps traps'],
  ['Barbell Thruster', 'barbell', 'quadriceps shoulders', 'glutes triceps'],
  ['Turkish Get-Up', 'kettlebell', 'shoulders abdominals', 'glutes obliques'],
  // Loaded core
  ['Cable Crunch', 'cable', 'abdominals', 'obliques'],
  ['Pallof Press', 'cable', 'obliques abdominals'],
  ['Cable Woodchop', 'cable', 'obliques', 'abdominals shoulders'],
];

const bodyweightReps: Row[] = [
  ['Push-Up', 'none', 'chest', 'triceps shoulders abdominals'],
  ['Incline Push-Up', 'bench', 'chest', 'triceps shoulders'],
  ['Decline Push-Up', 'bench', 'chest shoulders', 'triceps'],
  ['Diamond Push-Up', 'none', 'triceps chest', 'shoulders'],
  ['Clap Push-Up', 'none', 'chest', 'triceps shoulders'],
  ['Pike Push-Up', 'none', 'shoulders', 'triceps'],
  ['Handstand Push-Up', 'none', 'shoulders triceps', 'traps'],
  ['Chest Dip', 'dip_bars', 'chest triceps', 'shoulders'],
  ['Triceps Dip', 'dip_bars', 'triceps', 'chest shoulders'],
  ['Ring Dip', 'rings', 'chest triceps', 'shoulders abdominals'],
  ['Bench Dip', 'bench', 'triceps', 'chest shoulders'],
  ['Pull-Up', 'pull_up_bar', 'lats', 'biceps upper_back'],
  ['Chin-Up', 'pull_up_bar', 'lats biceps', 'upper_back'],
  ['Inverted Row', 'bench', 'upper_back lats', 'biceps'],
  ['Muscle-Up', 'pull_up_bar', 'lats chest triceps', 'biceps shoulders'],
  ['Back Extension', 'bench', 'lower_back glutes', 'hamstrings'],
  ['Bodyweight Squat', 'none', 'quadriceps glutes', 'adductors'],
  ['Pistol Squat', 'none', 'quadriceps glutes', 'adductors abdominals'],
  ['Jump Squat', 'none', 'quadriceps glutes', 'calves'],
  ['Box Jump', 'other', 'quadriceps glutes', 'calves'],
  ['Glute Bridge', 'none', 'glutes', 'hamstrings'],
  ['Nordic Hamstring Curl', 'none', 'hamstrings'],
  ['Single-Leg Calf Raise', 'none', 'calves'],
  ['Crunch', 'none', 'abdominals'],
  ['Sit-Up', 'none', 'abdominals', 'hip_flexors'],
  ['Bicycle Crunch', 'none', 'abdominals obliques', 'hip_flexors'],
  ['Hanging Leg Raise', 'pull_up_bar', 'abdominals hip_flexors', 'forearms'],
  ['Hanging Knee Raise', 'pull_up_bar', 'abdominals hip_flexors', 'forearms'],
  ['Lying Leg Raise', 'none', 'abdominals hip_flexors'],
  ['Russian Twist', 'none', 'obliques', 'abdominals'],
  ['Ab Wheel Rollout', 'other', 'abdominals', 'lats shoulders'],
  ['Dead Bug', 'none', 'abdominals', 'hip_flexors'],
  ['Dragon Flag', 'bench', 'abdominals', 'hip_flexors lower_back'],
  ['Burpee', 'none', 'quadriceps chest', 'heart_and_lungs shoulders'],
  ['Jumping Jack', 'none', 'heart_and_lungs', 'calves shoulders'],
  ['Band Pull-Apart', 'band', 'upper_back shoulders', 'traps'],
];

const bodyweightHolds: Row[] = [
  ['Plank', 'none', 'abdominals', 'obliques shoulders'],
  ['Side Plank', 'none', 'obliques', 'abdominals glutes'],
  ['Hollow Body Hold', 'none', 'abdominals', 'hip_flexors'],
  ['L-Sit', 'dip_bars', 'abdominals hip_flexors', 'triceps'],
  ['Wall Sit', 'none', 'quadriceps', 'glutes'],
  ['Superman Hold', 'none', 'lower_back glutes', 'upper_back'],
  ['Bear Crawl', 'none', 'shoulders quadriceps', 'abdominals'],
  ['Mountain Climber', 'none', 'abdominals hip_flexors', 'shoulders heart_and_lungs'],
];

const carries: Row[] = [
  ["Farmer's Carry", 'dumbbell', 'forearms traps', 'abdominals glutes'],
  ['Suitcase Carry', 'kettlebell', 'obliques forearms', 'traps'],
  ['Sled Push', 'sled', 'quadriceps glutes', 'calves heart_and_lungs'],
  ['Sled Drag', 'sled', 'hamstrings glutes', 'quadriceps'],
];

const cardioDistance: Row[] = [
  ['Running', 'none', 'heart_and_lungs', 'quadriceps hamstrings calves'],
  ['Treadmill Running', 'treadmill', 'heart_and_lungs', 'quadriceps calves'],
  ['Trail Running', 'none', 'heart_and_lungs', 'quadriceps calves glutes'],
  ['Sprint Intervals', 'none', 'heart_and_lungs hamstrings', 'quadriceps glutes calves'],
  ['Walking', 'none', 'heart_and_lungs', 'calves'],
  ['Incline Treadmill Walk', 'treadmill', 'heart_and_lungs', 'glutes calves'],
  ['Hiking', 'none', 'heart_and_lungs', 'quadriceps glutes calves'],
  ['Rucking', 'other', 'heart_and_lungs', 'traps glutes quadriceps'],
  ['Outdoor Cycling', 'bike', 'heart_and_lungs', 'quadriceps glutes calves'],
  ['Stationary Bike', 'bike', 'heart_and_lungs', 'quadriceps'],
  ['Air Bike', 'bike', 'heart_and_lungs', 'quadriceps shoulders'],
  ['Rowing Machine', 'rowing_machine', 'heart_and_lungs', 'upper_back lats quadriceps'],
  ['Ski Erg', 'ski_erg', 'heart_and_lungs', 'lats triceps abdominals'],
  ['Elliptical Trainer', 'elliptical', 'heart_and_lungs', 'quadriceps glutes'],
  ['Freestyle Swimming', 'none', 'heart_and_lungs', 'lats shoulders'],
  ['Breaststroke Swimming', 'none', 'heart_and_lungs', 'chest adductors'],
  ['Open Water Swimming', 'none', 'heart_and_lungs', 'lats shoulders'],
  ['Kayaking', 'other', 'heart_and_lungs upper_back', 'lats shoulders'],
  ['Cross-Country Skiing', 'other', 'heart_and_lungs', 'lats triceps quadriceps'],
  ['Inline Skating', 'other', 'heart_and_lungs', 'glutes abductors'],
];

const cardioTime: Row[] = [
  ['Stair Climber', 'stair_climber', 'heart_and_lungs', 'quadriceps glutes calves'],
  ['Jump Rope', 'jump_rope', 'heart_and_lungs', 'calves forearms'],
  ['Shadow Boxing', 'none', 'heart_and_lungs', 'shoulders'],
  ['Heavy Bag Rounds', 'other', 'heart_and_lungs shoulders', 'abdominals'],
  ['Battle Ropes', 'other', 'shoulders heart_and_lungs', 'abdominals'],
  ['Dance Workout', 'none', 'heart_and_lungs', 'calves'],
];

const mobilityHolds: Row[] = [
  ['Foam Roll Upper Back', 'foam_roller', 'upper_back'],
  ['Foam Roll Legs', 'foam_roller', 'quadriceps hamstrings', 'calves'],
  ['Kneeling Hip Flexor Stretch', 'none', 'hip_flexors', 'quadriceps'],
  ['Pigeon Stretch', 'none', 'glutes', 'hip_flexors'],
  ['Couch Stretch', 'none', 'quadriceps hip_flexors'],
  ['Standing Hamstring Stretch', 'none', 'hamstrings', 'calves'],
  ["Child's Pose", 'none', 'lower_back lats'],
  ['Deep Squat Hold', 'none', 'hip_flexors adductors', 'calves'],
  ['Doorway Chest Stretch', 'none', 'chest', 'shoulders'],
  ['Dead Hang', 'pull_up_bar', 'forearms lats', 'shoulders'],
  ['Neck Side Stretch', 'none', 'neck', 'traps'],
  ['Downward Dog', 'none', 'hamstrings calves', 'shoulders'],
  ['Butterfly Stretch', 'none', 'adductors'],
  ['Wall Calf Stretch', 'none', 'calves'],
];

const mobilityReps: Row[] = [
  ["World's Greatest Stretch", 'none', 'hip_flexors hamstrings', 'upper_back'],
  ['Cat-Cow', 'none', 'lower_back upper_back'],
  ['Cossack Squat', 'none', 'adductors', 'quadriceps glutes'],
  ['Open-Book Thoracic Rotation', 'none', 'upper_back obliques'],
  ['Band Shoulder Dislocate', 'band', 'shoulders', 'chest'],
  ['Knee-to-Wall Ankle Drill', 'none', 'calves'],
  ['90/90 Hip Switch', 'none', 'glutes hip_flexors', 'adductors'],
  ['Scapular Push-Up', 'none', 'upper_back shoulders'],
  ['Leg Swings', 'none', 'hip_flexors hamstrings', 'adductors'],
  ['Arm Circles', 'none', 'shoulders'],
];

export const catalogue: readonly CatalogueExercise[] = [
  ...group('strength', 'weight_reps', loadedLifts),
  ...group('bodyweight', 'reps', bodyweightReps),
  ...group('bodyweight', 'duration', bodyweightHolds),
  ...group('strength', 'distance_duration', carries),
  ...group('cardio', 'distance_duration', cardioDistance),
  ...group('cardio', 'duration', cardioTime),
  ...group('mobility', 'duration', mobilityHolds),
  ...group('mobility', 'reps', mobilityReps),
];
