import { z } from 'zod';
import { numeric } from './ids';
import { CARD_TITLE_MAX, MAX_PAGES, OPTION_KEYS, PAGE_CODE_PATTERN, TEMPLATE_DESCRIPTION_MAX } from '../card/constants';
import { ZPageOptions } from '../card/page-document';
import { PAGE_SIZE } from '../limits';

// Inputs of the cards and templates areas, shared by both doors and the forms.

export const ZGuid = z.string().trim().regex(/^[0-9a-f-]{36}$/i, 'error.notFound');
export const ZGuidInput = z.object({ guid: ZGuid });

const required = (
  key: 'card.titleRequired' | 'card.departmentRequired' | 'card.subjectRequired' | 'card.modeRequired' | 'card.sizeRequired',
  max = 50,
  tooLong: 'card.titleTooLong' | 'validation.textTooLong' = 'validation.textTooLong',
) =>
  // The schema-wide `error` would also name the too-long case; that one has its own message.
  z.string({ error: key }).trim().min(1, key).max(max, tooLong);

/** The card info form. Mode and size are absent when the card is made from a template. */
export const ZCardInfoSchema = z.object({
  title: required('card.titleRequired', CARD_TITLE_MAX, 'card.titleTooLong'),
  department: required('card.departmentRequired'),
  subject: required('card.subjectRequired'),
  mode: required('card.modeRequired').optional(),
  size: required('card.sizeRequired').optional(),
  share: numeric(z.number().int().min(0).max(1)).optional(),
});

/** The form's own rule: without a template, mode and size are required too. */
export const ZCardFormSchema = ZCardInfoSchema.extend({ template_id: z.string().optional() }).superRefine((v, ctx) => {
  if (v.template_id) return;
  if (!v.mode) ctx.addIssue({ code: 'custom', path: ['mode'], message: 'card.modeRequired' });
  if (!v.size) ctx.addIssue({ code: 'custom', path: ['size'], message: 'card.sizeRequired' });
});

export const ZCreateCardInput = z.object({ data: ZCardInfoSchema.extend({ template_id: ZGuid.optional().or(z.literal('').transform(() => undefined)) }) });
export const ZEditCardInput = z.object({ guid: ZGuid, data: ZCardInfoSchema });

export const ZTemplateInfoSchema = z.object({
  title: required('card.titleRequired', CARD_TITLE_MAX, 'card.titleTooLong'),
  description: z.string().trim().max(TEMPLATE_DESCRIPTION_MAX).default(''),
  mode: required('card.modeRequired'),
  size: required('card.sizeRequired'),
  /** 固定格式: cards made from the template keep its content (docs/cards.md); omitted on edit: unchanged. */
  fixed_format: z.union([z.boolean(), z.literal(0), z.literal(1)]).transform(Number).optional(),
});
export const ZCreateTemplateInput = z.object({ data: ZTemplateInfoSchema });
export const ZEditTemplateInput = z.object({ guid: ZGuid, data: ZTemplateInfoSchema });

const ZPageNo = numeric(z.number().int().min(1, 'card.page.outOfRange').max(MAX_PAGES, 'card.budget.pages'));
export const ZGetPageInput = z.object({ guid: ZGuid, page: ZPageNo.default(1) });
export const ZSavePageInput = z.object({ guid: ZGuid, page: ZPageNo, options: ZPageOptions });
export type TSavePageInput = z.infer<typeof ZSavePageInput>;

const ZOptionKey = z.enum(OPTION_KEYS);
export const ZGetOptionInput = z.object({ guid: ZGuid, code: z.string().regex(PAGE_CODE_PATTERN), key: ZOptionKey });
export const ZSaveOptionInput = ZGetOptionInput.extend({ value: z.coerce.string().max(20) });

const ZCopyTitle = z.string({ error: 'card.copy.titleRequired' }).trim().min(1, 'card.copy.titleRequired').max(CARD_TITLE_MAX, 'card.titleTooLong');
export const ZCopyToTitleInput = z.object({ guid: ZGuid, title: ZCopyTitle });
export const ZCopyToShareInput = z.object({
  guid: ZGuid,
  title: ZCopyTitle,
  client_id: numeric(z.number({ error: 'card.copy.schoolRequired' }).int().positive('card.copy.schoolRequired')),
});
export const ZCopyToClientInput = z.object({ guid: ZGuid, client: numeric(z.number().int().positive()) });

const page = (limit: number) =>
  z.object({ page: numeric(z.number().int().min(1)).default(1), limit: numeric(z.number().int().min(1).max(200)).default(limit) });
export const ZCardListInput = page(PAGE_SIZE.cards).extend({
  sort: z.enum(['created_at', 'title', 'status']).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export const ZTemplateListInput = page(PAGE_SIZE.templates);
export const ZShareListInput = page(PAGE_SIZE.shares);
export const ZLogIdInput = z.object({ id: numeric(z.number().int().positive()) });
