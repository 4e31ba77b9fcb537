import type { PostCardParts } from '../../features/posts';
import { PostWorkout } from '../../features/training';
import { OthersMenu } from './others-menu';

/** What every post card shows from other features: the "⋯" menu of safety and moderation, training's workout. */
export const postCardParts: PostCardParts = { OthersMenu, Workout: PostWorkout };
