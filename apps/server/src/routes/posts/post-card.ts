import { cardAnswer } from '../../answers/post-answers';
import type { Handler } from '../../http/add-route';

export const postCard: Handler<'postCard'> = async ({ params, user }, ctx) => cardAnswer(ctx, params.postId, user?.id);
