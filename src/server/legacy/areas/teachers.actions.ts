import { translate } from '../../../shared/i18n/translate';
import { ZClientIdSchema } from '../../../shared/schemas/ids';
import { ZTeacherEditSchema, ZTeacherIdSchema, ZTeacherIdsSchema, ZTeacherPermissionSaveSchema } from '../../../shared/schemas/users';
import { importTeachers } from '../../../core/services/users/import-teachers';
import { unlockTeacherSignIn } from '../../../core/services/users/sign-in-locks';
import { getTeacherPermission, saveTeacherPermission } from '../../../core/services/users/teacher-permissions';
import { deleteTeachers, getTeacherInfo, listTeachers, saveTeacher, ZTeacherListSchema } from '../../../core/services/users/teachers';
import { json, sessionAction } from '../action';

// The user area's teacher calls; `get user` and `renew password` are the account's (account.actions.ts).
export const teachersActions = [
  sessionAction({
    area: 'user',
    method: 'get',
    action: 'lists',
    input: ZTeacherListSchema,
    run: async (ctx, input) => json(await listTeachers(ctx.deps, ctx.actor, input)),
  }),
  sessionAction({
    area: 'user',
    method: 'get',
    action: 'info',
    input: ZTeacherIdSchema,
    run: async (ctx, input) => json(await getTeacherInfo(ctx.deps, ctx.actor, input.client_user_id)),
  }),
  sessionAction({
    area: 'user',
    method: 'edit',
    action: 'info',
    input: ZTeacherEditSchema,
    run: async (ctx, input) => json(await saveTeacher(ctx.deps, ctx.actor, input), translate(ctx.locale, 'clients.saved')),
  }),
  sessionAction({
    area: 'user',
    method: 'unlock',
    action: 'signin',
    input: ZTeacherIdSchema,
    run: async (ctx, input) => {
      const { name } = await unlockTeacherSignIn(ctx.deps, ctx.actor, input.client_user_id);
      return json(null, translate(ctx.locale, 'users.signInUnlocked', { name }));
    },
  }),
  sessionAction({
    area: 'user',
    method: 'delete',
    action: 'user',
    input: ZTeacherIdSchema,
    run: async (ctx, input) => {
      const count = await deleteTeachers(ctx.deps, ctx.actor, [input.client_user_id]);
      return json(null, translate(ctx.locale, 'users.deleted', { count }));
    },
  }),
  sessionAction({
    area: 'user',
    method: 'delete',
    action: 'users',
    input: ZTeacherIdsSchema,
    run: async (ctx, input) => {
      const count = await deleteTeachers(ctx.deps, ctx.actor, input.ids);
      return json(null, translate(ctx.locale, 'users.deleted', { count }));
    },
  }),
  sessionAction({
    area: 'user',
    method: 'get',
    action: 'permission',
    input: ZTeacherIdSchema,
    run: async (ctx, input) => json(await getTeacherPermission(ctx.deps, ctx.actor, ctx.locale, input.client_user_id)),
  }),
  sessionAction({
    area: 'user',
    method: 'save',
    action: 'permission',
    input: ZTeacherPermissionSaveSchema,
    run: async (ctx, input) => {
      await saveTeacherPermission(ctx.deps, ctx.actor, input);
      return json(null, translate(ctx.locale, 'clients.saved'));
    },
  }),
  sessionAction({
    area: 'user',
    method: 'import',
    action: 'users',
    input: ZClientIdSchema,
    run: async (ctx, input) => {
      const done = await importTeachers(ctx.deps, ctx.actor, input.client_id, ctx.file);
      return json(done, translate(ctx.locale, 'import.teachersImported', done));
    },
  }),
];
