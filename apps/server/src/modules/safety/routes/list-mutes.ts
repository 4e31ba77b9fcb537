import type { Handler } from '../../../http/add-route';
import { relationListAnswer } from '../relation-answers';

export const listMutes: Handler<'listMutes'> = ({ query, user }, ctx) =>
  relationListAnswer(ctx, 'mute', user.id, query);
