import type { Handler } from '../../../http/add-route';
import { capabilitiesOf } from '../capabilities';

/** GET /api/capabilities: the web app hides what this server has off (issue 45). */
export const capabilities: Handler<'capabilities'> = async (_input, ctx) => capabilitiesOf(ctx);
