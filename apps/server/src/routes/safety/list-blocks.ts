import { relationListAnswer } from '../../answers/relation-answers';
import type { Handler } from '../../http/add-route';

export const listBlocks: Handler<'listBlocks'> = ({ query, user }, ctx) =>
  relationListAnswer(ctx, 'block', user.id, query);
