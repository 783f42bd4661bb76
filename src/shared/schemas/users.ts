import { z } from 'zod';
import { zAccountName } from '../account-name';
import { PASSWORD_CHANGE_MAX, PASSWORD_CHANGE_MIN, TEACHER_ACCOUNT_PATTERN } from '../limits';
import { ZPermissionListSchema } from './clients';
import { zId, zOptionalId } from './ids';

export { TEACHER_ACCOUNT_PATTERN } from '../limits';

/** The roles a school's people have (the system administrator is of the system school only). */
export const SCHOOL_ROLES = ['teacher', 'school_admin'] as const;
export type SchoolRole = (typeof SCHOOL_ROLES)[number];
export const ZSchoolRole = z.enum(SCHOOL_ROLES, { error: 'validation.invalid' });

/** `role` narrows the list; without it the legacy list answers teachers only, as it always did. */
export const ZTeacherListFilterSchema = z.object({
  client_id: zOptionalId,
  name: z.string().trim().max(100).optional(),
  role: z.enum([...SCHOOL_ROLES, 'all']).default('teacher'),
});

export const ZTeacherEditSchema = z.object({
  client_user_id: zOptionalId,
  client_id: zOptionalId,
  name: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(100),
  account: zAccountName('validation.required').pipe(z.string().min(1, 'validation.required').max(100).regex(TEACHER_ACCOUNT_PATTERN, 'users.accountFormat')),
  // Empty on edit keeps the current password; required when creating (checked by the service).
  password: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().min(PASSWORD_CHANGE_MIN, 'validation.passwordLength').max(PASSWORD_CHANGE_MAX, 'validation.passwordLength').optional(),
  ),
  /** 教師 or 學校管理者; omitted: a new user is a teacher, an edited one keeps its role. */
  role: ZSchoolRole.optional(),
});
export type TTeacherEdit = z.infer<typeof ZTeacherEditSchema>;

export const ZTeacherIdSchema = z.object({ client_user_id: zId });
export const ZTeacherIdsSchema = z.object({ ids: z.array(zId).min(1, 'validation.required').max(500) });
export const ZTeacherPermissionSaveSchema = z.object({ client_user_id: zId, permission: ZPermissionListSchema });
