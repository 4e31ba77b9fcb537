import type { Handler } from '../../../http/add-route';
import { relationListAnswer } from '../relation-answers';

export const listBlocks: Handler<'listBlocks'> = ({ query, user }, ctx) =>
  relationListAnswer(ctx, 'block', user.id, query);
