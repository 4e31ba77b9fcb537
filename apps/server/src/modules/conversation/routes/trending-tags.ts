import { trendingTags as window } from '@spotter/contract';
import type { Handler } from '../../../http/add-route';
import { trending } from '../queries/tags';

export const trendingTags: Handler<'trendingTags'> = async (_input, ctx) => {
  const since = new Date(Date.now() - window.days * 24 * 60 * 60 * 1000).toISOString();
  return { tags: await trending(ctx.db, since) };
};
