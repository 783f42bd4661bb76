import { z } from 'zod';
import { getMenu } from '../../../core/services/structure/get-menu';
import { json, sessionAction } from '../action';

export const structureActions = [
  sessionAction({
    area: 'structure',
    method: 'get',
    action: 'menu',
    // The old client sends `type: "menu"`; it selects nothing else, so it is accepted and ignored.
    input: z.object({ type: z.string().optional() }),
    run: async (ctx) => json(await getMenu(ctx.deps, ctx.actor, ctx.locale)),
  }),
];
