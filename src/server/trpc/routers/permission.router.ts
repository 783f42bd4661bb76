import { getPermissionCatalogue } from '../../../core/services/permission/catalogue';
import { authedProcedure, router } from '../init';

export const permissionRouter = router({
  catalogue: authedProcedure.query(({ ctx }) => getPermissionCatalogue(ctx.actor, ctx.locale)),
});
