import { relationListAnswer } from '../../answers/relation-answers';
import type { Handler } from '../../http/add-route';

export const listMutes: Handler<'listMutes'> = ({ query, user }, ctx) =>
  relationListAnswer(ctx, 'mute', user.id, query);
