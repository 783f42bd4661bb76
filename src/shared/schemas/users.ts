import { z } from 'zod';
import { zAccountName } from '../account-name';
import { PASSWORD_CHANGE_MAX, PASSWORD_CHANGE_MIN } from '../limits';
import { ZPermissionListSchema } from './clients';
import { zId, zOptionalId } from './ids';

export const TEACHER_ACCOUNT_PATTERN = /^[A-Za-z0-9._@-]+$/;

export const ZTeacherListFilterSchema = z.object({ client_id: zOptionalId, name: z.string().trim().max(100).optional() });

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
});
export type TTeacherEdit = z.infer<typeof ZTeacherEditSchema>;

export const ZTeacherIdSchema = z.object({ client_user_id: zId });
export const ZTeacherIdsSchema = z.object({ ids: z.array(zId).min(1, 'validation.required').max(500) });
export const ZTeacherPermissionSaveSchema = z.object({ client_user_id: zId, permission: ZPermissionListSchema });
