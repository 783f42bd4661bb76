import { getMenu } from '../../services/structure/get-menu';
import { authedProcedure, router } from '../init';

export const structureRouter = router({
  menu: authedProcedure.query(({ ctx }) => getMenu(ctx.deps, ctx.actor, ctx.locale)),
});
