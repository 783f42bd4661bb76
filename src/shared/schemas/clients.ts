import { z } from 'zod';
import { CARD_MODE_VALUES, CARD_SIZE_VALUES } from '../card/catalogue';
import { DEFAULT_MAX_ACCOUNT, PASSWORD_CHANGE_MAX, PASSWORD_CHANGE_MIN, TEACHER_ACCOUNT_PATTERN } from '../limits';
import { numeric, zId, zOptionalId } from './ids';

const zDate = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid').nullable(),
);

/** `q`: part of a school's name or code (issue 14). */
export const ZClientListFilterSchema = z.object({ parent_id: zOptionalId, q: z.string().trim().max(50).optional() });

export const ZClientEditSchema = z
  .object({
    client_id: zOptionalId,
    parent_id: zOptionalId,
    name: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(100),
    nickname: z.string().trim().max(100).default(''),
    // Only read when creating; a school's code never changes once sign-ins depend on it.
    code: z.string().trim().max(50).regex(/^[A-Za-z0-9_-]*$/, 'clients.codeFormat').optional(),
    max_account: numeric(z.number().int().min(1, 'validation.invalid').max(100_000)).default(DEFAULT_MAX_ACCOUNT),
    start_at: zDate.default(null),
    expiry_at: zDate.default(null),
    // A new school's first administrator (學校管理者), made with it; all three or none.
    admin_name: z.string().trim().max(100).default(''),
    admin_account: z.string().trim().max(100).regex(TEACHER_ACCOUNT_PATTERN, 'users.accountFormat').or(z.literal('')).default(''),
    admin_password: z.string().max(PASSWORD_CHANGE_MAX, 'validation.passwordLength').default(''),
  })
  .refine((v) => !v.start_at || !v.expiry_at || v.start_at <= v.expiry_at, { path: ['expiry_at'], message: 'clients.dateOrder' })
  .refine((v) => [v.admin_name, v.admin_account, v.admin_password].every(Boolean) || ![v.admin_name, v.admin_account, v.admin_password].some(Boolean), {
    path: ['admin_name'],
    message: 'clients.adminIncomplete',
  })
  .refine((v) => !v.admin_password || v.admin_password.length >= PASSWORD_CHANGE_MIN, { path: ['admin_password'], message: 'validation.passwordLength' });
export type TClientEdit = z.infer<typeof ZClientEditSchema>;

export const ZExtendLicenceSchema = z.object({ client_id: zId, days: numeric(z.number().int().min(0).max(3650)).default(0) });
export const ZClientTargetSchema = z.object({ client_id: zId });

export const ZPermissionListSchema = z.array(z.string().max(50)).max(100);
export const ZClientPermissionSaveSchema = z.object({ client_id: zOptionalId, permission: ZPermissionListSchema });
export const ZDefPermissionSaveSchema = z.object({ client_id: zOptionalId, data_permission: ZPermissionListSchema });

export const ZCardDataSaveSchema = z.object({
  client_id: zOptionalId,
  data_mode: z.array(z.enum(CARD_MODE_VALUES)).min(1, 'clients.pickOneMode'),
  data_size: z.array(z.enum(CARD_SIZE_VALUES)).min(1, 'clients.pickOneSize'),
});
export type TCardDataSave = z.infer<typeof ZCardDataSaveSchema>;

export const ZVcardsSchema = z
  .array(z.object({ key: z.enum(CARD_MODE_VALUES), value: z.string().max(64).default('') }))
  .refine((list) => new Set(list.map((e) => e.key)).size === list.length, 'clients.vcardsDuplicate');
export type TVcards = z.infer<typeof ZVcardsSchema>;
export const ZSettingSaveSchema = z.object({ client_id: zOptionalId, options: z.object({ Vcards: ZVcardsSchema }) });

/** A school's scan limit (docs/scan-batches.md "Limits"): blank → the host's default, 0 → none. */
const zScanLimit = z.preprocess((v) => (v === '' || v === undefined ? null : v), numeric(z.number({ error: 'validation.invalid' }).int('validation.invalid').min(0, 'validation.invalid').max(1_000_000, 'validation.invalid')).nullable());
export const ZScanLimitsSaveSchema = z.object({ client_id: zId, scan_pages_in_flight: zScanLimit, scan_pages_per_day: zScanLimit });
export type TScanLimitsSave = z.infer<typeof ZScanLimitsSaveSchema>;
