import { ZClientIdSchema } from '../../../shared/schemas/ids';
import { ZSignInSchema } from '../../../shared/schemas/auth';
import { listOwnSchools, schoolCodeKnown, schoolNameOf } from '../../../core/services/clients/list-clients';
import { getMenu } from '../../../core/services/structure/get-menu';
import { authedProcedure, publicProcedure, router } from '../init';

export const structureRouter = router({
  menu: authedProcedure.query(({ ctx }) => getMenu(ctx.deps, ctx.actor, ctx.locale)),
  /** The actor's own school and its sub-schools (/client/mine): like the menu, nothing of another school is named. */
  ownSchools: authedProcedure.query(({ ctx }) => listOwnSchools(ctx.deps, ctx.actor)),
  /** The school a per-school page is about, for its title (issue 14). */
  schoolName: authedProcedure.input(ZClientIdSchema).query(({ ctx, input }) => schoolNameOf(ctx.deps, ctx.actor, input.client_id)),
  /** Signed out: whether /login/<code> names a school at all (issue 14 part 9); a yes or no only. */
  schoolCodeKnown: publicProcedure.input(ZSignInSchema.pick({ code: true })).query(({ ctx, input }) => schoolCodeKnown(ctx.deps, input.code)),
});
