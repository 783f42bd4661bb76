import { z } from 'zod';
import { getPermissionCatalogue } from '../../../core/services/permission/catalogue';
import { json, sessionAction } from '../action';

export const permissionActions = [
  sessionAction({
    area: 'permission',
    method: 'get',
    action: 'permissions',
    input: z.unknown(),
    run: async (ctx) => json(getPermissionCatalogue(ctx.actor, ctx.locale)),
  }),
];
