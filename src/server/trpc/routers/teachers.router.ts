import { translate } from '../../../shared/i18n/translate';
import { ZClientIdSchema } from '../../../shared/schemas/ids';
import { ZUploadSchema } from '../../../shared/schemas/upload';
import { ZTeacherEditSchema, ZTeacherIdSchema, ZTeacherIdsSchema, ZTeacherPermissionSaveSchema } from '../../../shared/schemas/users';
import { getGrantableGroups } from '../../../core/services/clients/client-permissions';
import { importTeachers } from '../../../core/services/users/import-teachers';
import { getTeacherPermission, saveTeacherPermission } from '../../../core/services/users/teacher-permissions';
import { listTeachersWithLocks, unlockTeacherSignIn } from '../../../core/services/users/sign-in-locks';
import { deleteTeachers, getTeacherInfo, saveTeacher, ZTeacherListSchema } from '../../../core/services/users/teachers';
import { authedProcedure, router } from '../init';
import { uploadedFile } from '../upload-file';

export const teachersRouter = router({
  list: authedProcedure.input(ZTeacherListSchema).query(({ ctx, input }) => listTeachersWithLocks(ctx.deps, ctx.actor, input)),
  unlockSignIn: authedProcedure.input(ZTeacherIdSchema).mutation(async ({ ctx, input }) => {
    const { name } = await unlockTeacherSignIn(ctx.deps, ctx.actor, input.client_user_id);
    return { message: translate(ctx.locale, 'users.signInUnlocked', { name }) };
  }),
  info: authedProcedure.input(ZTeacherIdSchema).query(({ ctx, input }) => getTeacherInfo(ctx.deps, ctx.actor, input.client_user_id)),
  save: authedProcedure.input(ZTeacherEditSchema).mutation(async ({ ctx, input }) => ({
    ...(await saveTeacher(ctx.deps, ctx.actor, input)),
    message: translate(ctx.locale, 'clients.saved'),
  })),
  delete: authedProcedure.input(ZTeacherIdsSchema).mutation(async ({ ctx, input }) => {
    const count = await deleteTeachers(ctx.deps, ctx.actor, input.ids);
    return { count, message: translate(ctx.locale, 'users.deleted', { count }) };
  }),
  grantable: authedProcedure.input(ZClientIdSchema).query(({ ctx, input }) => getGrantableGroups(ctx.deps, ctx.actor, ctx.locale, input.client_id)),
  permission: authedProcedure
    .input(ZTeacherIdSchema)
    .query(({ ctx, input }) => getTeacherPermission(ctx.deps, ctx.actor, ctx.locale, input.client_user_id)),
  savePermission: authedProcedure.input(ZTeacherPermissionSaveSchema).mutation(async ({ ctx, input }) => {
    await saveTeacherPermission(ctx.deps, ctx.actor, input);
    return { message: translate(ctx.locale, 'clients.saved') };
  }),
  import: authedProcedure.input(ZUploadSchema).mutation(async ({ ctx, input }) => {
    const done = await importTeachers(ctx.deps, ctx.actor, input.client_id, uploadedFile(input));
    return { ...done, message: translate(ctx.locale, 'import.teachersImported', done) };
  }),
});
